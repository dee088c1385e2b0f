/**
 * `load()` once the page is idle after its first paint (at most `timeout` ms later): for a part of the page below
 * the fold, whose code is a chunk of its own, so that neither its bytes nor its compiling delay the first paint
 * (issue 32, "Budget"). Where there is no requestIdleCallback (Safari), a short timer stands in.
 *
 * @example
 * const quiz = whenIdle(() => import('./quiz/Quiz.svelte'));
 * // {#await quiz then { default: Quiz }}<Quiz />{/await}
 */
export function whenIdle<T>(load: () => Promise<T>, timeout = 2000): Promise<T> {
  return new Promise<void>((idle) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => idle(), { timeout });
    else setTimeout(idle, 200);
  }).then(load);
}
