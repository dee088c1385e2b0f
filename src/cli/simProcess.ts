// The simulator's process entry: what scripts/sim.mjs bundles and `npm run sim` runs.
import { runAsProcess } from './sim';

runAsProcess(process.argv.slice(2));
