import { describe, expect, it } from 'vitest';
import { curl, parseCurlArgs, parseUrl } from './curl';
import { runToEnd, type HttpResolver } from './effects';
import { netcat, wget } from './netTools';

/** A tiny network: `up` answers with the status in its path (/status/NNN) or 200, `down` refuses. */
const network: HttpResolver = (request) => {
  if (request.host === 'up') {
    const code = /^\/status\/(\d+)/.exec(request.path)?.[1];
    return { type: 'response', status: code ? Number(code) : 200, address: '10.96.0.20' };
  }
  if (request.host === 'down') return { type: 'refused', address: '10.96.0.21' };
  return { type: 'unresolved' };
};
const run = (gen: ReturnType<typeof curl>) => {
  const timeline = runToEnd(gen, network);
  return { code: timeline.exitCode, lines: timeline.lines.map((l) => l.line), endMs: timeline.endMs };
};

describe('curl', () => {
  it('exits 0 on any HTTP answer without -f', () => {
    expect(run(curl(['http://up/status/503']))).toEqual({ code: 0, lines: [], endMs: 0 });
  });

  it('exits 22 with -f on an HTTP error, and says so unless silenced', () => {
    expect(run(curl(['-f', 'http://up/status/503']))).toMatchObject({
      code: 22,
      lines: ['curl: (22) The requested URL returned error: 503'],
    });
    expect(run(curl(['-sf', 'http://up/status/503'])).lines).toEqual([]);
    expect(run(curl(['-fsS', 'http://up/status/404'])).lines).toEqual([
      'curl: (22) The requested URL returned error: 404',
    ]);
  });

  it('exits 6 for an unknown host and 7 when nothing accepts the connection', () => {
    expect(run(curl(['http://nowhere:8080/']))).toMatchObject({
      code: 6,
      lines: ['curl: (6) Could not resolve host: nowhere'],
    });
    expect(run(curl(['-S', 'down:9898/healthz']))).toMatchObject({
      code: 7,
      lines: ["curl: (7) Failed to connect to down port 9898 after 0 ms: Couldn't connect to server"],
    });
  });

  it('retries transient HTTP errors after 1 s, doubling, and not refused connections by default', () => {
    const retried = run(curl(['--retry', '2', '-f', 'http://up/status/503']));
    expect(retried.code).toBe(22);
    expect(retried.endMs).toBe(3000);
    expect(retried.lines[0]).toBe('Warning: Problem : HTTP error. Will retry in 1 seconds. 2 retries left.');
    expect(run(curl(['--retry', '3', 'http://down/'])).endMs).toBe(0);
    expect(
      run(curl(['--retry', '3', '--retry-connrefused', '--retry-delay', '2', '-s', 'http://down/'])).endMs,
    ).toBe(6000);
  });

  it('writes -w %{http_code} to stdout, which -o does not affect', () => {
    expect(
      run(curl(['-s', '-o', '/dev/null', '-w', '%{http_code}\\n', 'http://up/status/204'])).lines,
    ).toEqual(['204']);
  });

  it('needs a URL', () => {
    expect(run(curl(['-s']))).toMatchObject({
      code: 2,
      lines: ['curl: no URL specified!', expect.any(String)],
    });
  });

  it('reads combined short options and values glued to them', () => {
    expect(parseCurlArgs(['-fsSLm5', '-ofile', 'http://x'])).toMatchObject({
      fail: true,
      silent: true,
      showError: true,
      urls: ['http://x'],
    });
    expect(parseUrl('https://api.prod.svc:8443/v1?q=1')).toEqual({
      host: 'api.prod.svc',
      port: 8443,
      path: '/v1?q=1',
    });
    expect(parseUrl('ftp://x')).toEqual({ code: 1, message: 'curl: (1) Protocol "ftp" not supported' });
  });
});

describe('nc -z and wget', () => {
  it('reports whether something listens, as busybox does', () => {
    expect(runToEnd(netcat(['-z', 'up', '80']), network).exitCode).toBe(0);
    expect(runToEnd(netcat(['-zv', '-w', '2', 'down', '5432']), network).exitCode).toBe(1);
    expect(runToEnd(wget(['-q', '-O-', 'http://up/status/503']), network)).toMatchObject({
      exitCode: 1,
      lines: [{ at: 0, line: 'wget: server returned error: HTTP/1.1 503 Service Unavailable' }],
    });
    expect(runToEnd(wget(['--spider', 'http://down/']), network).lines[0].line).toBe(
      "wget: can't connect to remote host (10.96.0.21): Connection refused",
    );
  });
});
