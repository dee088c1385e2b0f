import { readFileSync } from 'node:fs';
import { playScenario, type PlayResult } from '../../src/scenarios/play';
import { parseScenario, type Scenario } from '../../src/scenarios/scenario';
import { revisionNames } from '../../src/text/terminal/revisionNames';
import { runLine } from '../../src/text/terminal/runLine';
import { World } from '../../src/text/terminal/world';

/** A scenario played as the page plays it (history recorded), and a terminal on it (tests only). */
export function terminalOn(id: string, fail: string[] = []) {
  const file = `scenarios/${id}.yaml`;
  const scenario: Scenario = parseScenario(
    readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'),
    file,
  );
  const result: PlayResult = playScenario(scenario, { recordHistory: true, fail });
  const revisions = revisionNames(scenario, result);
  const worldAt = (t: number) => new World(result, t, revisions);
  const run = (line: string, t: number) => runLine(line, worldAt(t), worldAt);
  return { result, scenario, run, worldAt };
}
