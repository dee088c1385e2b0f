// Builds what the browser tests run, dist/ and dist-single/, side by side (`npm run test:e2e` calls it). Each Vite
// build spends much of its time on one core (the scenarios' compile, Svelte, the one-file inlining), so on two cores
// the pair takes about as long as the slower one instead of the two in turn. Each build's output is printed whole,
// in order, once both have ended; the step fails if either does.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const viteBin = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));
const builds = [
  { label: 'build (dist/)', args: ['build'] },
  { label: 'build:single (dist-single/)', args: ['build', '--mode', 'single'] },
];
const started = Date.now();
const results = await Promise.all(
  builds.map(
    ({ args }) =>
      new Promise((done) => {
        const child = spawn(process.execPath, [viteBin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('error', (error) => done({ ok: false, output: output + String(error) + '\n' }));
        child.on('close', (code) => done({ ok: code === 0, output, ms: Date.now() - started }));
      }),
  ),
);
builds.forEach(({ label }, i) => {
  process.stdout.write(`--- ${label} (${results[i].ms ?? '?'} ms)\n${results[i].output}`);
});
process.exit(results.every((r) => r.ok) ? 0 : 1);
