import { readFileSync } from 'node:fs';
import { playScenario, type PlayResult } from '../../scenarios/play';
import { parseScenario, type Scenario } from '../../scenarios/scenario';
import { revisionNames } from './revisionNames';
import { runLine } from './runLine';
import { World } from './world';

/** A scenario played as the page plays it (history recorded), and a terminal on it (tests only). */
export function terminalOn(id: string, fail: string[] = []) {
  const file = `scenarios/${id}.yaml`;
  const scenario: Scenario = parseScenario(
    readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'),
    file,
  );
  const result: PlayResult = playScenario(scenario, { recordHistory: true, fail });
  const revisions = revisionNames(scenario, result);
  const worldAt = (t: number) => new World(result, t, revisions);
  const run = (line: string, t: number) => runLine(line, worldAt(t), worldAt);
  return { result, scenario, run, worldAt };
}
