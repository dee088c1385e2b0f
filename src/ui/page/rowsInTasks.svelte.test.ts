import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.resetModules();
});

/** A browser's page for RowsInTasks: frames, timers and idle callbacks the test runs by hand. */
function stubPage() {
  vi.useFakeTimers();
  const frames: (() => void)[] = [];
  const idle: ((deadline: IdleDeadline) => void)[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('requestIdleCallback', (callback: (deadline: IdleDeadline) => void) => idle.push(callback));
  vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 Chrome/140' });
  const page = new EventTarget();
  vi.stubGlobal('addEventListener', page.addEventListener.bind(page));
  // The page's first frame, then the task after it (AfterPaint's wait), run by hand.
  const paint = () => {
    vi.runOnlyPendingTimers();
    frames.splice(0).forEach((frame) => frame());
    vi.runOnlyPendingTimers();
  };
  return { frames, idle, page, paint };
}

it('draws no row before the first paint nor in the task after it, then 5 rows per step in idle callbacks, then every row however many come later', async () => {
  const { frames, idle } = stubPage();
  // Fresh modules: the page's start (AfterPaint's queue) is module state.
  const { RowsInTasks } = await import('./rowsInTasks.svelte');
  let length = 12;
  const rows = new RowsInTasks(() => length);
  vi.runOnlyPendingTimers();
  expect(rows.shown).toBe(0);
  frames.splice(0).forEach((frame) => frame());
  vi.runOnlyPendingTimers();
  // Painted, and the task after the paint has run: still no row; the first step waits for the browser to be idle.
  expect(rows.shown).toBe(0);
  const seen = [];
  // Idle periods with no time to spare (a deadline passed): one step each.
  const none = { didTimeout: true, timeRemaining: () => 0 };
  for (let callback = 0; callback < 4; callback++) {
    idle.splice(0).forEach((grow) => grow(none));
    seen.push(rows.shown);
  }
  // 5, 10, 15 ≥ 12: the table is whole, and from then on every row is drawn (a run that grows to 500 rows).
  expect(seen).toEqual([5, 10, 15, Infinity]);
  expect(idle).toEqual([]);
  length = 500;
  expect(rows.shown).toBe(Infinity);
});

it('draws more steps in one idle callback while the idle period has room for them', async () => {
  const { frames, idle } = stubPage();
  const { RowsInTasks } = await import('./rowsInTasks.svelte');
  const rows = new RowsInTasks(() => 200);
  frames.splice(0).forEach((frame) => frame());
  vi.runOnlyPendingTimers();
  // A long idle period: every step fits (a fake clock: each step takes no time).
  idle.splice(0).forEach((grow) => grow({ didTimeout: false, timeRemaining: () => 50 }));
  expect(rows.shown).toBe(Infinity);
});

it('draws every row at once when the page is printed before they are all drawn', async () => {
  const { frames, page } = stubPage();
  const { RowsInTasks } = await import('./rowsInTasks.svelte');
  const rows = new RowsInTasks(() => 200);
  frames.splice(0).forEach((frame) => frame());
  expect(rows.shown).toBe(0);
  page.dispatchEvent(new Event('beforeprint'));
  expect(rows.shown).toBe(Infinity);
});

it('draws every row at once where nothing paints (jsdom, no requestAnimationFrame)', async () => {
  vi.stubGlobal('requestAnimationFrame', undefined);
  const { RowsInTasks } = await import('./rowsInTasks.svelte');
  expect(new RowsInTasks(() => 200).shown).toBe(Infinity);
});

it('a table whose rows arrive after its first idle step still draws them in steps, not at once', async () => {
  const { idle, paint } = stubPage();
  const { RowsInTasks } = await import('./rowsInTasks.svelte');
  let length = 0;
  const rows = new RowsInTasks(() => length);
  paint();
  const none = { didTimeout: true, timeRemaining: () => 0 };
  // Idle periods before the planner has arrived: nothing to draw yet, and the table is not taken as drawn.
  for (let callback = 0; callback < 3; callback++) idle.splice(0).forEach((grow) => grow(none));
  expect(rows.shown).toBe(0);
  length = 200;
  idle.splice(0).forEach((grow) => grow(none));
  expect(rows.shown).toBe(5);
});
