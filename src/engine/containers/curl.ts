import type { Effect, HttpResult } from './effects';

/**
 * `curl` as the sandbox runs it: the options hooks use (`-f`, `-s`, `-S`, `-o`, `-w '%{http_code}'`, `-m`,
 * `--retry N` and friends), exit codes and stderr messages as curl 8 prints them. Requests go to the cluster
 * network through an `http` effect, so the answer depends on the Services and ready Pods at that moment:
 * unknown host → 6, nothing listening → 7, `-f` and a status ≥ 400 → 22.
 *
 * Bodies are not simulated: the sandbox does not know what a server would send, so nothing is written for
 * them (only `-w` output is).
 */
export interface CurlOptions {
  fail: boolean;
  silent: boolean;
  showError: boolean;
  writeOut?: string;
  retries: number;
  retryDelayMs?: number;
  retryConnRefused: boolean;
  retryAllErrors: boolean;
  urls: string[];
}

// Short options that take a value; the rest are flags.
const shortWithValue = new Set('oOmXHdwuAeETxbcFKrYyzC'.split(''));
const longWithValue = new Set(
  (
    'output max-time connect-timeout retry retry-delay retry-max-time request header data data-raw ' +
    'data-binary data-urlencode write-out user user-agent referer cacert cert key proxy form resolve ' +
    'config range max-filesize limit-rate url continue-at'
  ).split(' '),
);

/** Parse curl's command line (without the program name). */
export function parseCurlArgs(args: string[]): CurlOptions {
  const o: CurlOptions = {
    fail: false,
    silent: false,
    showError: false,
    retries: 0,
    retryConnRefused: false,
    retryAllErrors: false,
    urls: [],
  };
  const set = (name: string, value?: string) => {
    if (name === 'f' || name === 'fail' || name === 'fail-with-body') o.fail = true;
    else if (name === 's' || name === 'silent') o.silent = true;
    else if (name === 'S' || name === 'show-error') o.showError = true;
    else if (name === 'w' || name === 'write-out') o.writeOut = value;
    else if (name === 'retry') o.retries = Math.max(0, Number(value) || 0);
    else if (name === 'retry-delay') o.retryDelayMs = Math.max(0, Number(value) || 0) * 1000;
    else if (name === 'retry-connrefused') o.retryConnRefused = true;
    else if (name === 'retry-all-errors') o.retryAllErrors = true;
    else if (name === 'url' && value) o.urls.push(value);
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
      set(name, longWithValue.has(name) ? (inline ?? args[++i]) : undefined);
    } else if (arg.startsWith('-') && arg.length > 1) {
      for (let k = 1; k < arg.length; k++) {
        const letter = arg[k];
        if (!shortWithValue.has(letter)) {
          set(letter);
          continue;
        }
        const rest = arg.slice(k + 1);
        set(letter, rest !== '' ? rest : args[++i]);
        break;
      }
    } else o.urls.push(arg);
  }
  return o;
}

/** Parse `[http[s]://]host[:port][/path]`; an error is curl's exit code and message. */
export function parseUrl(
  url: string,
): { host: string; port: number; path: string } | { code: number; message: string } {
  const m = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?([^/:?#]*)(?::([^/?#]*))?([^#]*)/.exec(url)!;
  const scheme = (m[1] ?? 'http').toLowerCase();
  if (scheme !== 'http' && scheme !== 'https')
    return { code: 1, message: `curl: (1) Protocol "${scheme}" not supported` };
  if (!m[2]) return { code: 3, message: 'curl: (3) URL rejected: No host part in the URL' };
  const port = m[3] === undefined || m[3] === '' ? (scheme === 'https' ? 443 : 80) : Number(m[3]);
  if (!/^\d*$/.test(m[3] ?? '') || port > 65535)
    return {
      code: 3,
      message: 'curl: (3) URL rejected: Port number was not a decimal number between 0 and 65535',
    };
  return { host: m[2].toLowerCase(), port, path: m[4] || '/' };
}

/** HTTP statuses curl's `--retry` treats as transient. */
const transientStatuses = new Set([408, 429, 500, 502, 503, 504, 522, 524]);
const maxRetrySleepMs = 600_000;

/** Run `curl args…`: yields its requests, sleeps and stderr lines; returns curl's exit code. */
export function* curl(args: string[]): Generator<Effect, number, HttpResult | undefined> {
  const o = parseCurlArgs(args);
  const error = (line: string): Effect => ({ type: 'log', line, stream: 2 });
  if (o.urls.length === 0) {
    yield error('curl: no URL specified!');
    yield error("curl: try 'curl --help' or 'curl --manual' for more information");
    return 2;
  }
  let code = 0;
  for (const url of o.urls) code = yield* transfer(url, o);
  return code;
}

function* transfer(url: string, o: CurlOptions): Generator<Effect, number, HttpResult | undefined> {
  const showErrors = !o.silent || o.showError;
  const target = parseUrl(url);
  if ('code' in target) {
    if (showErrors) yield { type: 'log', line: target.message, stream: 2 };
    return target.code;
  }
  let retriesLeft = o.retries;
  let sleepMs = o.retryDelayMs ?? 1000;
  for (;;) {
    const result = (yield { type: 'http', request: target }) ?? { type: 'unresolved' };
    const { code, message } = outcome(result, target, o);
    const retry = retriesLeft > 0 ? retryReason(result, code, o) : undefined;
    if (retry) {
      if (!o.silent) {
        yield {
          type: 'log',
          line: `Warning: Problem ${retry}. Will retry in ${Math.floor(sleepMs / 1000)} seconds. ${retriesLeft} retries left.`,
          stream: 2,
        };
      }
      yield { type: 'sleep', ms: sleepMs };
      retriesLeft--;
      if (o.retryDelayMs === undefined) sleepMs = Math.min(sleepMs * 2, maxRetrySleepMs);
      continue;
    }
    if (o.writeOut !== undefined) {
      const status = result.type === 'response' ? result.status : 0;
      const text = o.writeOut.replace(/%\{(http_code|response_code)\}/g, String(status).padStart(3, '0'));
      for (const line of text
        .replace(/\\n/g, '\n')
        .split('\n')
        .filter((l) => l !== ''))
        yield { type: 'log', line, stream: 1 };
    }
    if (message && showErrors) yield { type: 'log', line: message, stream: 2 };
    return code;
  }
}

function outcome(
  result: HttpResult,
  target: { host: string; port: number },
  o: CurlOptions,
): { code: number; message?: string } {
  if (result.type === 'unresolved')
    return { code: 6, message: `curl: (6) Could not resolve host: ${target.host}` };
  if (result.type === 'refused') {
    return {
      code: 7,
      message: `curl: (7) Failed to connect to ${target.host} port ${target.port} after 0 ms: Couldn't connect to server`,
    };
  }
  if (o.fail && result.status >= 400)
    return { code: 22, message: `curl: (22) The requested URL returned error: ${result.status}` };
  return { code: 0 };
}

/** Why curl would retry (the words of its warning), or undefined. */
function retryReason(result: HttpResult, code: number, o: CurlOptions): string | undefined {
  if (result.type === 'response' && transientStatuses.has(result.status)) return ': HTTP error';
  if (result.type === 'refused' && o.retryConnRefused) return ': connection refused';
  if (o.retryAllErrors && code !== 0) return '(retrying all errors)';
  return undefined;
}
