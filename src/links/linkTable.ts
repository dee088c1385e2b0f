import { limits, runDefaults } from '../engine';
import { RUN_TIME_LIMIT_MS } from '../scenarios/workerRunner';
import { linkParam, type AnyLinkParam } from './linkParam';
import { parseSpeed, speeds } from './linkState';
import { scenarioParam } from './scenarioParam';

/** `waveDelay=`: its own name, as the compare view reads the same knob in `compare=RUN~waveDelay=N`. */
export const waveDelayParam = linkParam({
  key: 'waveDelay',
  field: 'waveDelay',
  value: 'seconds',
  bounds: [0, limits.maxVirtualSeconds],
  default: `the scenario's \`options.waveDelay\`, else ${runDefaults.waveDelaySeconds}`,
  oneRun: false,
  meaning: '`ARGOCD_SYNC_WAVE_DELAY`',
  examples: ['0', '5'],
  read: (text) => within(number(text), 0, limits.maxVirtualSeconds),
  write: String,
});

/** `seed=`: its own name, as the compare view reads the same knob in `compare=RUN~seed=N`. */
export const seedParam = linkParam({
  key: 'seed',
  field: 'seed',
  value: 'a whole number',
  bounds: [0, 0xffffffff],
  default: `the scenario's \`options.seed\`, else ${runDefaults.seed}`,
  oneRun: false,
  meaning: 'the seed of every random choice (jitter, generated names)',
  examples: ['7', '3'],
  read: (text) => {
    const seed = within(number(text), 0, 0xffffffff);
    return seed !== undefined && Number.isInteger(seed) ? seed : undefined;
  },
  write: String,
});

/**
 * Every URL parameter of the page (contract.md §2), one row each, in the order a link writes them. Parsing
 * (parseLink.ts), formatting (formatLink.ts), the compare view's list of what applies to one run (pageMode.ts),
 * the build's preload of the first scenario (preloadScript.ts) and the contract's table of parameters
 * (linkTableMarkdown.ts, checked by its test) are all read from here.
 *
 * The numbers' bounds are the engine's (README "Limits"): past them a run is refused, so such a link opens the
 * default instead.
 */
export const linkTable: readonly AnyLinkParam[] = [
  scenarioParam,
  linkParam({
    key: 'speed',
    field: 'speed',
    value: speeds.map((s) => `\`${s}\``).join(', '),
    default: '`1`',
    oneRun: false,
    meaning: 'the playback speed: virtual seconds per second, or `max` to jump to the end',
    examples: ['max', '2'],
    read: parseSpeed,
    write: String,
  }),
  linkParam({
    key: 'autoplay',
    field: 'autoplay',
    value: '`1`',
    default: 'paused',
    oneRun: false,
    meaning: 'play as soon as the run is there',
    examples: ['1', '0'],
    read: flag,
    write: writeFlag,
  }),
  waveDelayParam,
  linkParam({
    key: 't',
    field: 't',
    value: 'virtual seconds, written to the millisecond',
    bounds: [0, Infinity],
    default: '0',
    oneRun: false,
    meaning: 'open at that moment',
    examples: ['12.5', '3'],
    read: (text) => within(number(text), 0, Infinity),
    write: (t) => String(milliseconds(t)),
  }),
  linkParam({
    key: 'punchline',
    field: 'punchline',
    value: '`1`',
    default: 'off',
    // The punchline is a moment of the scenario's own run; the compare view has no one cursor to put there.
    oneRun: true,
    meaning: "open at the scenario's punchline (its `punchline:`), with its caption; wins over `t=`",
    examples: ['1', '0'],
    read: flag,
    write: writeFlag,
  }),
  linkParam({
    key: 'fail',
    field: 'fail',
    value: 'toggle ids, comma-separated',
    default: 'every toggle off',
    oneRun: false,
    meaning: "the scenario's failure toggles that are on",
    examples: ['migration,smoke', ''],
    read: (text) => text.split(',').filter((id) => id !== ''),
    write: (ids) => (ids.length > 0 ? ids.join(',') : undefined),
  }),
  seedParam,
  linkParam({
    key: 'present',
    field: 'present',
    value: '`1`',
    default: 'off',
    oneRun: false,
    meaning: 'presenter mode',
    examples: ['1', '0'],
    read: flag,
    write: writeFlag,
  }),
  linkParam({
    key: 'embed',
    field: 'embed',
    value: '`1`',
    default: 'off',
    oneRun: true,
    meaning: 'the compact view for an `<iframe>`',
    examples: ['1', '0'],
    read: flag,
    write: writeFlag,
  }),
  linkParam({
    key: 'predict',
    field: 'predict',
    value: '`1`',
    default: 'off',
    oneRun: true,
    meaning: 'predict, then watch: the future stays hidden until the question is answered',
    examples: ['1', '0'],
    read: flag,
    write: writeFlag,
  }),
  linkParam({
    key: 'reveal',
    field: 'reveal',
    value: '`1`',
    default: 'off',
    oneRun: true,
    meaning: 'reveal as you go: the timeline and the lanes draw only what the cursor has passed',
    examples: ['1', '0'],
    read: flag,
    write: writeFlag,
  }),
  linkParam({
    key: 'zoom',
    field: 'zoom',
    value: '`T0,T1`, virtual seconds, T0 < T1',
    bounds: [0, limits.maxVirtualSeconds],
    default: 'the whole sync',
    oneRun: false,
    meaning: "the timeline's zoom window",
    examples: ['10.5,31.25', '0,5'],
    read: (text) => {
      const [from, to, ...rest] = text.split(',').map(number);
      // No run is longer than the engine's limit, and past it the timeline's arithmetic overflowed:
      // zoom=1e308,1.7e308 put the plot at an infinite offset and logged NaN errors (issue 31).
      return rest.length === 0 &&
        within(from, 0, limits.maxVirtualSeconds) !== undefined &&
        within(to, 0, limits.maxVirtualSeconds) !== undefined &&
        to! > from!
        ? [from!, to!]
        : undefined;
    },
    write: (window) => window.map(milliseconds).join(','),
  }),
  linkParam({
    key: 'group',
    field: 'grouped',
    value: '`0` or `1`',
    default: "the page's choice by the number of rows",
    oneRun: false,
    meaning: 'rows grouped by (phase, wave), or one by one',
    examples: ['1', '0'],
    read: (text) => (text === '1' || text === '0' ? text === '1' : undefined),
    write: (grouped) => (grouped ? '1' : '0'),
  }),
  linkParam({
    key: 'open',
    field: 'open',
    value: '`PHASE:WAVE`, comma-separated (`-` for no wave)',
    default: 'none',
    oneRun: false,
    meaning: 'the groups opened while grouped',
    examples: ['Sync:3,PostSync:-', 'Sync:-2'],
    read: (text) => {
      const open = text.split(',').filter((key) => /^[A-Za-z]+:(-?\d+|-)$/.test(key));
      return open.length > 0 ? open : undefined;
    },
    write: (open) => (open.length > 0 ? open.join(',') : undefined),
  }),
  linkParam({
    key: 'do',
    field: 'do',
    value: 'base64url of a JSON list of `[seconds, command, namespace?]`',
    default: 'none',
    oneRun: true,
    meaning: 'the interventions typed in the terminal',
    // Kept as written, even when it is not base64url: the page reads it (interventionLink.ts) and says why it
    // could not, rather than dropping it with no word (issue 31).
    examples: ['W1tdXQ', 'W10'],
    read: (text) => text || undefined,
    write: (text) => text || undefined,
  }),
  linkParam({
    key: 'edit',
    field: 'edit',
    value: 'deflate + base64url of the edited manifests',
    default: "the scenario's own manifests",
    oneRun: true,
    // Last of a run's state, as it is by far the longest; base64url needs no escaping.
    meaning: 'the edited manifests of the synced revision',
    examples: ['eNoLzs9JUchJzUvPTFEoSk3OLy0qzszPAwBCTQbB', 'eNoDAAAAAAE'],
    read: (text) => text || undefined,
    write: (text) => text || undefined,
  }),
  linkParam({
    key: 'app',
    field: 'app',
    value: "an Application's name",
    default: 'every Application',
    oneRun: true,
    meaning: 'the Application whose own view is open, in a run of several',
    examples: ['checkout', 'payments'],
    // Names are Kubernetes object names; anything else is no Application.
    read: (text) => (/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(text) ? text : undefined),
    write: (app) => app || undefined,
  }),
  linkParam({
    key: 'compare',
    field: 'compare',
    value: '`RUN,RUN[,…]` (a scenario id with `~` knobs) or `article`',
    default: 'one run',
    oneRun: false,
    meaning: 'two to four runs on one time axis',
    examples: ['article', 'three-tier,three-tier~migration'],
    read: (text) => (text.trim() !== '' ? text : undefined),
    write: (runs) => runs || undefined,
  }),
  linkParam({
    key: 'runLimit',
    field: 'runLimit',
    value: 'wall-clock seconds',
    bounds: [0.1, 60],
    default: `${RUN_TIME_LIMIT_MS / 1000}`,
    oneRun: false,
    meaning: 'how long a run may take in the worker before it is stopped (for a slow machine)',
    examples: ['30', '0.5'],
    read: (text) => within(number(text), 0.1, 60),
    write: String,
  }),
];

function flag(text: string): true | undefined {
  return text === '1' ? true : undefined;
}

function writeFlag(on: boolean): string | undefined {
  return on ? '1' : undefined;
}

function number(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

function within(n: number | undefined, min: number, max: number): number | undefined {
  return n !== undefined && n >= min && n <= max ? n : undefined;
}

function milliseconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
