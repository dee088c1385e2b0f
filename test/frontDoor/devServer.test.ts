import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

/** A port nothing listens on now (the system picks it), for a server of our own. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** The environment a newcomer's shell has: without the switch test/runAll.mjs sets to hide Vite's notice. */
function newcomerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  delete env.VITE_CONFIG_NATIVE_IGNORE_WARNING;
  delete env.VITEST;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;
  delete env.NODE_ENV;
  return env;
}

/**
 * Whether something answers HTTP on the port within `timeoutMs`. Vite's first answer can take seconds on a busy
 * machine (it prepares the page's dependencies first): the wait only catches a server that never answers.
 */
async function serves(port: number, timeoutMs = 60_000): Promise<boolean> {
  try {
    await fetch(`http://localhost:${port}/`, { signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The ids of every process below `pid` (Linux /proc, through ps). */
function descendants(pid: number): number[] {
  const table = spawnSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' }).stdout.trim().split('\n');
  const rows = table.map((row) => row.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of rows) {
      if (ppid !== parent) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

let started: ChildProcess | undefined;
let leftovers: number[] = [];
afterEach(() => {
  // Whatever the test started and did not stop (a failed assertion), by process id.
  const pids = [...leftovers, ...(started?.pid ? [started.pid, ...descendants(started.pid)] : [])];
  for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  started = undefined;
  leftovers = [];
});

describe('npm run dev, as a newcomer runs it', () => {
  it('prints the address within its first ten lines, and stops serving when npm is killed', async () => {
    const port = await freePort();
    const child = spawn('npm', ['run', 'dev', '--', '--port', String(port), '--strictPort'], {
      env: newcomerEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started = child;
    const lines: string[] = [];
    let buffered = '';
    const url = `http://localhost:${port}/`;
    const seen = await new Promise<boolean>((done) => {
      const timer = setTimeout(() => done(false), 90_000);
      const onData = (chunk: Buffer) => {
        buffered += chunk.toString();
        const parts = buffered.split('\n');
        buffered = parts.pop() ?? '';
        // Count the lines a reader sees: Vite separates its blocks with blank lines.
        lines.push(...parts.filter((line) => line.trim() !== ''));
        if (lines.some((line) => line.includes(url)) || lines.length >= 10) {
          clearTimeout(timer);
          done(lines.slice(0, 10).some((line) => line.includes(url)));
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', () => done(false));
    });
    expect(seen, `the first lines were:\n${lines.slice(0, 10).join('\n')}`).toBe(true);
    expect(lines.join('\n')).not.toContain('configLoader');
    expect(await serves(port)).toBe(true);

    // Kill npm alone, as `kill PID` does: nothing of the server may be left running.
    leftovers = descendants(child.pid!);
    expect(leftovers.length).toBeGreaterThan(0);
    child.kill('SIGTERM');
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (leftovers.some(isAlive) || (await serves(port, 2_000)))) {
      await new Promise((done) => setTimeout(done, 200));
    }
    expect(leftovers.filter(isAlive)).toEqual([]);
    expect(await serves(port)).toBe(false);
  }, 300_000);
});

describe("Vite's config, as every command loads it", () => {
  it('loads without the notice about the future native config loader (dev, build, build:single, vitest)', () => {
    // The same loader runs for `vite`, `vite build` and vitest; load the config through it in a process of
    // its own (the notice is switched off by an environment variable read when the config is bundled).
    const script = `
      import { createLogger, loadConfigFromFile } from 'vite';
      const logger = createLogger('info');
      const said = [];
      logger.warn = (msg) => said.push(msg);
      logger.info = (msg) => said.push(msg);
      for (const [command, mode] of [['serve', 'development'], ['build', 'production'], ['build', 'single']]) {
        const loaded = await loadConfigFromFile({ command, mode }, undefined, process.cwd(), 'info', logger);
        if (!loaded) said.push('no config for ' + mode);
      }
      process.stdout.write(JSON.stringify(said));
    `;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: newcomerEnv(),
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([]);
  }, 120_000);
});
