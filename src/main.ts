import { mount } from 'svelte';
import { loadScenario, scenarioCatalog } from './scenarios/registry';
import App from './ui/App.svelte';
import { parseUrlState } from './ui/state/urlState';
import './ui/styles/global.css';

// The scenario on screen first is a data chunk loaded beside the entry code; the page mounts once it is there.
const wanted = parseUrlState(location.search, location.hash).scenario;
const first = scenarioCatalog.some((s) => s.id === wanted) ? wanted! : 'three-tier';
void loadScenario(first)
  .catch(() => undefined)
  .then(() => mount(App, { target: document.getElementById('app')! }));
