/**
 * What the sandbox knows about container images: their full reference as the container runtime reports it,
 * which images are shells (their default command exits at once), which is podinfo (whose `/status/NNN`
 * endpoint answers NNN), and which references cannot be pulled.
 */

/** `nginx:1.25` → `docker.io/library/nginx:1.25`, the form containerd writes into `containerStatuses[].image`. */
export function normalizeImage(image: string): string {
  let ref = image.trim();
  const slash = ref.indexOf('/');
  const first = slash < 0 ? '' : ref.slice(0, slash);
  const hasRegistry = first.includes('.') || first.includes(':') || first === 'localhost';
  if (!hasRegistry) ref = `docker.io/${slash < 0 ? 'library/' : ''}${ref}`;
  if (!ref.includes('@') && !/:[^/]+$/.test(ref)) ref += ':latest';
  return ref;
}

/** The repository's last path segment: `ghcr.io/stefanprodan/podinfo:6.5.0` → `podinfo`. */
export function imageName(image: string): string {
  const path = normalizeImage(image).replace(/[@:][^/]*$/, '');
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The tag of an image reference (`latest` when none is given). */
export function imageTag(image: string): string {
  const ref = normalizeImage(image);
  if (ref.includes('@')) return '';
  return ref.slice(ref.lastIndexOf(':') + 1);
}

/** podinfo (ghcr.io/stefanprodan/podinfo, stefanprodan/podinfo): a test server with `/status/{code}`. */
export function isPodinfo(image: string): boolean {
  return /(^|\/)stefanprodan\/podinfo$/.test(normalizeImage(image).replace(/[@:][^/]*$/, ''));
}

/**
 * Images whose default command is a shell: with no command and no terminal it reads an empty stdin and exits
 * 0 at once, so a Deployment of plain `busybox` goes into CrashLoopBackOff, as on a real cluster.
 */
const shellImages = new Set([
  'busybox',
  'alpine',
  'ubuntu',
  'debian',
  'bash',
  'centos',
  'fedora',
  'amazonlinux',
]);

export function isShellImage(image: string): boolean {
  return shellImages.has(imageName(image));
}

/** `curlimages/curl`: its entrypoint runs curl, and arguments starting with `-` are given to curl. */
export function isCurlImage(image: string): boolean {
  return imageName(image) === 'curl';
}

/** Tags the sandbox treats as missing from the registry (a pull fails with NotFound). */
export function isMissingTag(image: string): boolean {
  const tag = imageTag(image);
  return tag === 'doesnotexist' || tag === 'does-not-exist';
}

/** The kubelet's ErrImagePull message for an image the registry does not have (containerd's wording). */
export function imageNotFoundMessage(image: string): string {
  const ref = normalizeImage(image);
  return (
    `rpc error: code = NotFound desc = failed to pull and unpack image "${ref}": ` +
    `failed to resolve reference "${ref}": ${ref}: not found`
  );
}
