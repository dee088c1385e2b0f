// @vitest-environment jsdom
import { expect, test } from 'vitest';
import { setText } from './setText';

test('a new text changes the text node in place and the same text writes nothing', () => {
  const el = document.createElement('div');
  el.textContent = '12s';
  const node = el.firstChild;
  const observer = new MutationObserver(() => undefined);
  observer.observe(el, { subtree: true, childList: true, characterData: true });
  setText(el, '12s');
  expect(observer.takeRecords()).toHaveLength(0);
  setText(el, '12.5s');
  expect(observer.takeRecords().map((r) => r.type)).toEqual(['characterData']);
  expect(el.firstChild).toBe(node);
  expect(el.textContent).toBe('12.5s');
});

test('an element without one text node gets its text', () => {
  const el = document.createElement('div');
  setText(el, 'empty before');
  expect(el.textContent).toBe('empty before');
  el.append(document.createElement('b'));
  setText(el, 'replaced');
  expect(el.innerHTML).toBe('replaced');
});
