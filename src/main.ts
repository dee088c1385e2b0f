import { mount } from 'svelte';
import { loadScenario, loadScenarioFiles, scenarioCatalog } from './scenarios/registry';
import App from './ui/App.svelte';
import { parseUrlState } from './ui/state/urlState';
import './ui/styles/global.css';

// The scenario on screen first is a data chunk loaded beside the entry code; the page mounts once it is there.
const wanted = parseUrlState(location.search, location.hash).scenario;
const first = scenarioCatalog.some((s) => s.id === wanted) ? wanted! : 'three-tier';
// The others follow in the background, so switching scenarios later is immediate (a key pressed right after a
// switch then acts on the new scenario, not on the one still on screen).
void loadScenario(first)
  .catch(() => undefined)
  .then(() => {
    mount(App, { target: document.getElementById('app')! });
    void loadScenarioFiles();
  });
