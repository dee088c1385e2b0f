import type { KubeObject } from '../../src/engine';
import { configMap, deployment, job, service } from '../kits/simulation.testKit';

/**
 * A large app for the benchmark: `size` resources spread evenly over 20 Sync waves, in a repeating pattern of
 * ten: four ConfigMaps, two Deployments (one replica each) with a Service for each, one Job, and one hook Job
 * (PreSync or PostSync in turn, three hook waves, deleted when the sync succeeds). Every workload finishes in
 * a few virtual seconds, so the whole sync succeeds.
 */
export function syntheticApp(size: number): KubeObject[] {
  const objects: KubeObject[] = [];
  for (let i = 0; i < size; i++) {
    const wave = Math.floor((i * 20) / size);
    const name = `r${i}`;
    switch (i % 10) {
      case 4:
      case 5:
        objects.push(deployment(name, { wave }));
        break;
      case 6:
      case 7:
        // Selects the Deployment two places before it, as a Service in front of its workload does.
        objects.push({
          ...service(name, { wave }),
          spec: { selector: { app: `r${i - 2}` }, ports: [{ port: 80 }] },
        });
        break;
      case 8:
        objects.push(job(name, { wave, runSeconds: 2 }));
        break;
      case 9: {
        const hook = i % 20 === 9 ? 'PreSync' : 'PostSync';
        objects.push(job(name, { wave: wave % 3, hook, policy: 'HookSucceeded', runSeconds: 2 }));
        break;
      }
      default:
        objects.push(configMap(name, { wave }));
    }
  }
  return objects;
}
