import type { CommandIo } from './command';
import { sim } from './sim';

/** Run `sim` on argv with every file reading as one ConfigMap, and collect what it prints (tests only). */
export function runSim(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    readFile: () => 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n',
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  };
  const code = sim(argv, io);
  return { code, stdout, stderr };
}
