import { inlinePlayer } from '../../scenarios/inlinePlayer';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readerImpl } from '../../scenarios/readerImpl';
import { SimulationSession } from '../page/session.svelte';
import { editKey, type EditStorage } from '../../browser/editStore';
import { planManifests } from './planManifests';
import { ManifestEditing } from './manifestEditing.svelte';

const files = ['three-tier', 'failing-migration'].map((id) => ({
  id,
  text: readFileSync(`scenarios/${id}.yaml`, 'utf8'),
}));

function setup(saved: Record<string, string> = {}, options: { full?: boolean } = {}) {
  const items = new Map(Object.entries(saved));
  const storage: EditStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      // A full localStorage throws a DOMException named QuotaExceededError.
      if (options.full) throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
  };
  const timer: { pending?: () => void } = {};
  const session = new SimulationSession({
    inline: inlinePlayer,
    files,
    reader: readerImpl,
    planner: planManifests,
    requestFrame: () => 0,
    cancelFrame: () => {},
  });
  const editing = new ManifestEditing({
    session,
    storage,
    setTimer: (callback) => (timer.pending = callback),
    clearTimer: () => (timer.pending = undefined),
  });
  const load = (id: string) => {
    session.load(id);
    editing.restore(session.scenario);
  };
  return { session, editing, items, timer, load };
}

const waveOf = (editing: ManifestEditing, key: string) =>
  editing.rows.find((row) => `${row.kind}/${row.name}` === key)?.wave;

describe('ManifestEditing', () => {
  it('saves an edit as running before its run and finished after; an unfinished one is not re-run on reload', async () => {
    const { session, editing, items, timer, load } = setup();
    load('three-tier');
    const edited = editing.original.replace(/(name: frontend\n(?:.*\n){3}.*sync-wave: )"2"/, '$1"3"');
    const states: string[] = [];
    const setManifests = session.setManifests.bind(session);
    session.setManifests = (text) => {
      states.push(JSON.parse(items.get(editKey('three-tier')) ?? '{}').state);
      return setManifests(text);
    };
    editing.input(edited);
    expect(timer.pending).toBeDefined();
    // The pause's timer commits; awaited here, since `finished` is written only once the run has ended.
    await editing.commit();
    expect(states).toEqual(['running']);
    expect(JSON.parse(items.get(editKey('three-tier')) ?? '{}').state).toBe('finished');

    // A reload finds it still running (the page hung): shown, not run, until the user asks.
    const running = JSON.stringify({ v: 1, text: edited, base: 'x', state: 'running' });
    const next = setup({ [editKey('three-tier')]: running });
    next.load('three-tier');
    expect(next.editing.restored).toEqual({ changed: true, unfinished: true });
    expect(next.editing.text).toBe(edited);
    expect(next.session.manifests).toBeUndefined();
    next.editing.commit();
    expect(next.session.manifests).toBeUndefined();
    await next.editing.runRestored();
    expect(next.session.manifests).toBe(edited);
    expect(JSON.parse(next.items.get(editKey('three-tier')) ?? '{}').state).toBe('finished');
  });

  it('keeps an edit in memory and says so when the storage is full', async () => {
    const { session, editing, items, timer, load } = setup({}, { full: true });
    load('three-tier');
    expect(editing.unsaved).toBe(false);
    const edited = editing.original.replace(/(name: frontend\n(?:.*\n){3}.*sync-wave: )"2"/, '$1"3"');
    editing.input(edited);
    expect(timer.pending).toBeDefined();
    await editing.commit();
    expect(items.size).toBe(0);
    expect(editing.unsaved).toBe(true);
    expect(session.manifests).toBe(edited);
    // Another scenario and back: the edit is still there, from memory.
    load('failing-migration');
    load('three-tier');
    expect(session.manifests).toBe(edited);
    editing.reset();
    expect(editing.unsaved).toBe(false);
  });

  it('re-plans a typed edit at once and re-runs it only after the pause', () => {
    const { session, editing, items, timer, load } = setup();
    load('three-tier');
    const edited = editing.original.replace(/(name: frontend\n(?:.*\n){3}.*sync-wave: )"2"/, '$1"3"');
    editing.input(edited);
    expect(waveOf(editing, 'Deployment/frontend')).toBe(3);
    expect(session.manifests).toBeUndefined();
    timer.pending?.();
    expect(session.manifests).toBe(edited);
    expect(items.get(editKey('three-tier'))).toContain('sync-wave: \\"3\\"');
  });

  it('keeps the last good plan, marked stale, and the run while the text does not parse', () => {
    const { session, editing, timer, load } = setup();
    load('three-tier');
    const run = session.result;
    const rows = editing.rows;
    editing.input(editing.original.replace('  name: database-config\n', '  name: database-config: oops\n'));
    expect(editing.shown.stale).toBe(true);
    expect(editing.rows).toEqual(rows);
    expect(editing.error).toMatchObject({ line: 4, column: 9 });
    timer.pending?.();
    expect(session.error?.line).toBe(4);
    expect(session.result).toBe(run);
  });

  /** The 1-based line and column of `needle` in `text`. */
  const positionOf = (text: string, needle: string) => {
    const before = text.slice(0, text.indexOf(needle)).split('\n');
    return { line: before.length, column: before.at(-1)!.length + 1 };
  };

  it('marks a container name the API server refuses on its line, in its words', () => {
    const { session, editing, timer, load } = setup();
    load('three-tier');
    const run = session.result;
    const edited = editing.original.replace('- name: web\n', '- name: Bad_Name\n');
    editing.input(edited);
    expect(editing.error).toMatchObject(positionOf(edited, 'Bad_Name'));
    expect(editing.error?.message).toMatch(
      /^spec\.template\.spec\.containers\[0\]\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 label must consist/,
    );
    timer.pending?.();
    expect(session.error?.detail).toBe(editing.error?.message);
    expect(session.result).toBe(run);
  });

  it('marks the field of an edit whose run is refused for a limit, until the next keystroke', async () => {
    const { session, editing, load } = setup();
    load('three-tier');
    const edited = editing.original.replace(/(name: frontend\n(?:.*\n)*? {2}replicas: )2/, '$1100000');
    expect(edited).not.toBe(editing.original);
    editing.input(edited);
    // Reading the text finds nothing wrong; the run is what refuses it.
    expect(editing.error).toBeUndefined();
    await editing.commit();
    const field = positionOf(edited, '100000');
    expect(session.error?.message).toBe(
      `three-tier (edited):${field.line}:${field.column}: Deployment/frontend: spec.replicas: 100000 is over the limit of 1000 replicas per workload`,
    );
    expect(editing.error).toEqual({ ...field, message: session.error?.detail });
    editing.input(`${edited}# typing\n`);
    expect(editing.error).toBeUndefined();
  });

  it('restores saved edits, says so once per visit, and reset forgets them', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: only\n';
    const { session, editing, items, load } = setup({
      [editKey('three-tier')]: JSON.stringify({ v: 1, text, base: 'old' }),
    });
    load('three-tier');
    expect(session.manifests).toBe(text);
    expect(editing.restored).toEqual({ changed: true });
    expect(editing.rows.map((row) => row.name)).toEqual(['three-tier', 'only']);
    load('three-tier');
    expect(session.manifests).toBe(text);
    expect(editing.restored).toBeUndefined();
    editing.reset();
    expect(session.manifests).toBeUndefined();
    expect(editing.edited).toBe(false);
    expect(items.size).toBe(0);
  });

  it('a link opened afresh shows the scenario as the link says, keeping the saved edits for later', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: only\n';
    const saved = JSON.stringify({ v: 1, text, base: 'old' });
    const { session, editing, items } = setup({ [editKey('three-tier')]: saved });
    session.load('three-tier', { t: 20 });
    editing.restore(session.scenario, { ignoreSaved: true });
    expect(session.manifests).toBeUndefined();
    expect(editing.restored).toBeUndefined();
    expect(session.t).toBe(20);
    expect(items.get(editKey('three-tier'))).toBe(saved);
  });

  it('saves keystrokes still waiting for their run when another scenario is loaded', () => {
    const { editing, items, load } = setup();
    load('three-tier');
    editing.input(`${editing.original}# a note\n`);
    load('failing-migration');
    expect(items.get(editKey('three-tier'))).toContain('# a note');
    expect(editing.edited).toBe(false);
  });
  it('names a duplicate key of the edited text in the order notes, as Argo CD reads it: the last value wins', () => {
    const { editing, load } = setup();
    load('three-tier');
    expect(editing.notes.some((note) => note.includes('duplicate key'))).toBe(false);
    const edited = editing.original.replace(/(name: frontend\n)/, '$1  name: frontend\n');
    editing.input(edited);
    const note = editing.notes.find((n) => n.includes('duplicate key'));
    expect(note).toMatch(
      /^three-tier \(edited\):\d+:\d+: duplicate key "name" \(first set \d+ lines? above\): the last value is used, as Argo CD does$/,
    );
    expect(editing.error).toBeUndefined();
  });
});
