import type { JsonAny, KubeObject } from '../types';
import type { ObjectGetter } from './ownerChain';

/**
 * The environment of a container as the kubelet builds it: `HOSTNAME` (the pod's name), `envFrom`
 * ConfigMaps and Secrets, then `env` entries in order, where a value may refer to earlier ones as
 * `$(NAME)` and `valueFrom` reads the pod's own fields (downward API) or a ConfigMap/Secret key.
 */
export function containerEnv(pod: KubeObject, container: JsonAny, get: ObjectGetter): Record<string, string> {
  const namespace = pod.metadata.namespace ?? 'default';
  const env: Record<string, string> = {
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOSTNAME: pod.metadata.name ?? '',
    HOME: '/root',
  };
  const source = (kind: string, name: string): Record<string, string> => {
    const obj = get({ group: '', kind, namespace, name });
    if (!obj) return {};
    const data: Record<string, string> = { ...(obj.data ?? {}) };
    if (kind === 'Secret') for (const k of Object.keys(data)) data[k] = decodeBase64(data[k]);
    return { ...data, ...(kind === 'Secret' ? (obj.stringData ?? {}) : {}) };
  };
  for (const from of container.envFrom ?? []) {
    const ref = from.configMapRef ?? from.secretRef;
    if (!ref?.name) continue;
    const data = source(from.configMapRef ? 'ConfigMap' : 'Secret', ref.name);
    for (const [k, v] of Object.entries(data)) env[`${from.prefix ?? ''}${k}`] = String(v);
  }
  for (const e of container.env ?? []) {
    if (!e?.name) continue;
    if (e.value !== undefined) env[e.name] = expandKubeRefs(String(e.value), env);
    else if (e.valueFrom?.fieldRef)
      env[e.name] = fieldValue(pod, String(e.valueFrom.fieldRef.fieldPath ?? ''));
    else if (e.valueFrom?.configMapKeyRef)
      env[e.name] =
        source('ConfigMap', e.valueFrom.configMapKeyRef.name)[e.valueFrom.configMapKeyRef.key] ?? '';
    else if (e.valueFrom?.secretKeyRef)
      env[e.name] = source('Secret', e.valueFrom.secretKeyRef.name)[e.valueFrom.secretKeyRef.key] ?? '';
    else env[e.name] = '';
  }
  return env;
}

/**
 * The kubelet's `$(VAR)` expansion in env values, command and args: a defined variable is replaced, `$$` is
 * an escaped `$`, and a reference to an undefined variable stays as written.
 */
export function expandKubeRefs(text: string, env: Record<string, string>): string {
  return text.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_.-]*)\)/g, (match, name?: string) => {
    if (match === '$$') return '$';
    return name !== undefined && name in env ? env[name] : match;
  });
}

function fieldValue(pod: KubeObject, path: string): string {
  const label = /^metadata\.(labels|annotations)\['(.+)'\]$/.exec(path);
  if (label) return pod.metadata[label[1] as 'labels' | 'annotations']?.[label[2]] ?? '';
  const values: Record<string, string | undefined> = {
    'metadata.name': pod.metadata.name,
    'metadata.namespace': pod.metadata.namespace,
    'metadata.uid': pod.metadata.uid,
    'spec.nodeName': pod.spec?.nodeName,
    'spec.serviceAccountName': pod.spec?.serviceAccountName ?? 'default',
    'status.podIP': pod.status?.podIP,
    'status.hostIP': pod.status?.hostIP,
  };
  return values[path] ?? '';
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Secret values are base64; the engine has no `atob` (it runs without DOM or Node types). */
export function decodeBase64(text: string): string {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const c of String(text).replace(/[^A-Za-z0-9+/]/g, '')) {
    value = (value << 6) | alphabet.indexOf(c);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  // Decode UTF-8 by hand for the same reason (no TextDecoder).
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x80) out += String.fromCharCode(b);
    else if (b >= 0xe0 && i + 2 < bytes.length)
      out += String.fromCharCode(((b & 0x0f) << 12) | ((bytes[++i] & 0x3f) << 6) | (bytes[++i] & 0x3f));
    else if (b >= 0xc0 && i + 1 < bytes.length)
      out += String.fromCharCode(((b & 0x1f) << 6) | (bytes[++i] & 0x3f));
    else out += '\ufffd';
  }
  return out;
}
