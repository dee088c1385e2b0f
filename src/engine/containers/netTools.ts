import type { Effect, HttpResult } from './effects';
import { parseUrl } from './curl';

/**
 * The other two network probes found in init containers and hooks, as busybox ships them:
 * `nc -z host port` (is something listening?) and `wget [-q] [-O file] [--spider] URL`. Like curl they go
 * through the cluster network at the moment they run. Both exit 0 on success and 1 on failure.
 */

/** `nc -z [-v] [-w secs] host port`; without `-z` (a real connection) the caller runs it as a plain program. */
export function* netcat(args: string[]): Generator<Effect, number, HttpResult | undefined> {
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-w' || args[i] === '-i' || args[i] === '-p' || args[i] === '-s') i++;
    else if (!args[i].startsWith('-')) positional.push(args[i]);
  }
  const [host, port] = positional;
  if (!host || !port || !/^\d+$/.test(port)) {
    yield { type: 'log', line: 'nc: missing hostname or port', stream: 2 };
    return 1;
  }
  const result = yield { type: 'http', request: { host: host.toLowerCase(), port: Number(port), path: '/' } };
  if (result?.type === 'unresolved') {
    yield { type: 'log', line: `nc: bad address '${host}'`, stream: 2 };
    return 1;
  }
  return result?.type === 'response' ? 0 : 1;
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** busybox `wget URL` with its error messages. */
export function* wget(args: string[]): Generator<Effect, number, HttpResult | undefined> {
  const urls: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (
      /^-[OoTtUYPe]$/.test(args[i]) ||
      /^--(output-document|timeout|tries|user-agent|header)$/.test(args[i])
    )
      i++;
    else if (!args[i].startsWith('-')) urls.push(args[i]);
  }
  const error = (line: string): Effect => ({ type: 'log', line, stream: 2 });
  if (urls.length === 0) {
    yield error('wget: missing URL');
    return 1;
  }
  for (const url of urls) {
    const target = parseUrl(url);
    if ('code' in target) {
      yield error(`wget: bad address '${url}'`);
      return 1;
    }
    const result = (yield { type: 'http', request: target }) ?? { type: 'unresolved' };
    if (result.type === 'unresolved') {
      yield error(`wget: bad address '${target.host}'`);
      return 1;
    }
    if (result.type === 'refused') {
      yield error(`wget: can't connect to remote host (${result.address}): Connection refused`);
      return 1;
    }
    if (result.status >= 400) {
      const reason = reasons[result.status] ? ` ${reasons[result.status]}` : '';
      yield error(`wget: server returned error: HTTP/1.1 ${result.status}${reason}`);
      return 1;
    }
  }
  return 0;
}
