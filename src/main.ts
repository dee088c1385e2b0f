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
// The others load when the picker is first hovered, touched or focused (registry.ts prefetchScenarios), or when
// one is opened: a key pressed while one is on its way acts on it once it is open (keyboard.svelte.ts).
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
  });
