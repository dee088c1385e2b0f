// @vitest-environment jsdom
import { expect, test } from 'vitest';
import { fillSelect } from './fillSelect';

test('fills a select with groups and loose options in order, and replaces what was there', () => {
  const select = document.createElement('select');
  select.append(document.createElement('option'));
  fillSelect(select, [
    {
      label: 'Why did my sync stop?',
      options: [
        { value: 'failing-migration', text: 'A failing migration' },
        { value: 'sync-timeout', text: 'The sync timeout' },
      ],
    },
    { value: 'your-app', text: 'Your app' },
  ]);
  expect([...select.children].map((c) => c.tagName)).toEqual(['OPTGROUP', 'OPTION']);
  expect((select.children[0] as HTMLOptGroupElement).label).toBe('Why did my sync stop?');
  expect([...select.options].map((o) => [o.value, o.text])).toEqual([
    ['failing-migration', 'A failing migration'],
    ['sync-timeout', 'The sync timeout'],
    ['your-app', 'Your app'],
  ]);
  select.value = 'sync-timeout';
  expect(select.selectedIndex).toBe(1);
});

test('a name that looks like markup is shown as text, not parsed', () => {
  const select = document.createElement('select');
  fillSelect(select, [{ value: 'x', text: '<img src=x onerror=alert(1)>' }]);
  expect(select.querySelector('img')).toBeNull();
  expect(select.options[0].text).toBe('<img src=x onerror=alert(1)>');
});
