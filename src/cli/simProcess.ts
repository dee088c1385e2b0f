// The simulator's process entry, the only one: what scripts/sim.mjs bundles and `npm run sim` runs (sim.ts is
// the command table, imported by the tests).
import { runAsProcess } from './sim';

runAsProcess(process.argv.slice(2));
