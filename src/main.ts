import { mount } from 'svelte';
import { loadScenario, scenarioCatalog } from './scenarios/registry';
import { defaultScenarioId } from './scenarios/defaultScenario';
import App from './ui/page/App.svelte';
import { pageModeOf } from './links/pageMode';
import { parseUrlState } from './links/urlState';
import './ui/styles/global.css';
import './ui/shell/tokens.css';

// The scenario on screen first is a data chunk loaded beside the entry code; the page mounts once it is there.
const wanted = parseUrlState(location.search, location.hash).scenario;
const first = scenarioCatalog.some((s) => s.id === wanted) ? wanted! : defaultScenarioId;
// The others follow in the background, so switching scenarios later is immediate (a key pressed right after a
// switch then acts on the new scenario, not on the one still on screen). They load once the page is idle after
// its first paint, and their data is parsed only when one is opened (registry.ts), so they cost the page's
// start next to nothing.
// `compare=` and `embed=1` (issues 20 and 22) open views of their own, each loaded as a chunk of its own.
const mode = pageModeOf(location.search, location.hash);
void loadScenario(first)
  .catch(() => undefined)
  .then(async () => {
    const target = document.getElementById('app')!;
    if (mode.compare !== undefined) {
      const { default: CompareView } = await import('./ui/compare/CompareView.svelte');
      mount(CompareView, {
        target,
        props: { value: mode.compare, present: mode.present, ignored: mode.ignoredByCompare },
      });
    } else if (mode.embed) {
      const { default: EmbedView } = await import('./ui/page/EmbedView.svelte');
      mount(EmbedView, { target });
    } else mount(App, { target });
    void loadOthersWhenIdle();
  });

/**
 * The other scenarios, one per idle callback: loading the eighteen chunks in one callback compiled and ran them
 * all in one task of about 250 ms with the CPU 4× slower, a long task after the page was ready (issue 32,
 * interactive on a phone).
 */
async function loadOthersWhenIdle(): Promise<void> {
  for (const { id } of scenarioCatalog) {
    await new Promise<void>((idle) => whenIdle(idle));
    await loadScenario(id).catch(() => undefined);
  }
}

function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 200);
}
