// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { SimEvent } from '../../engine';
import Timeline from './Timeline.svelte';

const events: SimEvent[] = JSON.parse(readFileSync('test/fixtures/events/three-tier-sync.json', 'utf8'));
let component: ReturnType<typeof mount> | undefined;

// Reduced motion turns the transitions off, so each change is drawn at once (jsdom cannot tween transforms).
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  if (component) unmount(component);
  component = undefined;
  document.body.innerHTML = '';
});

function show(props: { t: number; onSeek?: (t: number) => void }) {
  const state = $state({ events, endT: 65.9, ...props });
  component = mount(Timeline, { target: document.body, props: state });
  flushSync();
  return { state, svg: document.querySelector<SVGSVGElement>('[data-testid="timeline"]')! };
}

test('the svg carries the contract test id, an image role and a summary label', () => {
  const { svg } = show({ t: 0 });
  expect(svg.getAttribute('role')).toBe('img');
  expect(svg.getAttribute('aria-label')).toBe(
    'Sync timeline over 1m 5.9s of virtual time; 9 resources and hooks in PreSync, Sync, PostSync; operation Succeeded at 1m 5.5s.',
  );
});

test('the timeline draws one label per row of the sync', () => {
  const { svg } = show({ t: 0 });
  const labels = [...svg.querySelectorAll('.tl-label')].map((l) => l.textContent);
  expect(labels).toContain('Deployment/backend');
  expect(labels).toHaveLength(12);
});

// The page draws its cursor over the drawing, moved by a transform (marks/cursorOverlay.ts, issue 32): a frame
// while playing touches nothing in the <svg>.
test('moving t moves the cursor over the drawing and keeps the drawn rows', () => {
  const { state, svg } = show({ t: 0 });
  const now = () => document.querySelector<HTMLElement>('[data-testid="timeline-cursor"] .tl-now')!;
  const before = now().style.transform;
  const bar = svg.querySelector('rect.tl-segment');
  state.t = 30;
  flushSync();
  expect(now().style.transform).not.toBe(before);
  expect(now().querySelector('.tl-now-box')!.textContent).toBe('30s');
  expect(svg.querySelector('.layer-cursor')!.childElementCount).toBe(0);
  expect(svg.querySelector('rect.tl-segment')).toBe(bar);
});

test('a longer event log adds rows to the same svg', () => {
  const { state, svg } = show({ t: 0 });
  state.events = events.filter((e) => e.t < 20);
  flushSync();
  expect(svg.querySelectorAll('.tl-label')).toHaveLength(10);
  state.events = events;
  flushSync();
  expect(svg.querySelectorAll('.tl-label')).toHaveLength(12);
});

test('clicking the timeline seeks to the virtual time under the pointer', () => {
  const onSeek = vi.fn();
  const { svg } = show({ t: 0, onSeek });
  // jsdom has no layout, so d3.pointer reads client coordinates as SVG coordinates.
  const left = Number(
    svg.querySelector('#' + svg.querySelector('clipPath')!.id + ' rect')!.getAttribute('x'),
  );
  svg.dispatchEvent(new MouseEvent('click', { clientX: left, clientY: 120, bubbles: true }));
  expect(onSeek).toHaveBeenCalledWith(0);
});
