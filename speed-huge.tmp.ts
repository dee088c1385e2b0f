import { readFileSync } from 'node:fs';
import { readerImpl } from './src/scenarios/readerImpl';
import { playScenario } from './src/scenarios/play';
const s = readerImpl.parseScenario(readFileSync('scenarios/three-tier.yaml', 'utf8'), 'x');
const n = Number(process.argv[2]);
const reps = Number(process.argv[3]);
const docs = Array.from({ length: n }, (_, i) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: big-${i}
spec:
  replicas: ${reps}
  selector:
    matchLabels: { app: big-${i} }
  template:
    metadata:
      labels: { app: big-${i} }
    spec:
      containers:
        - name: web
          image: nginx:1.27
`).join('---\n');
const edited = readerImpl.parseManifests(docs, 'edited');
const t0 = performance.now();
try { const r = playScenario(s, { edited, recordHistory: true }); console.log('ok', r.events.length, r.endT); } catch (e) { console.log('err', String(e).slice(0, 200)); }
console.log((performance.now() - t0).toFixed(0), 'ms');
