/**
 * The scenario files shipped with the sandbox, bundled as text at build time (so the single-file build needs no
 * network and no file access). Sorted with the classic three-tier story first.
 */
const files = import.meta.glob('/scenarios/*.yaml', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

const preferredOrder = ['three-tier', 'failing-migration', 'failing-smoke-test'];

export const scenarioFiles: { id: string; file: string; text: string }[] = Object.entries(files)
  .map(([path, text]) => ({ id: path.replace(/^.*\//, '').replace(/\.yaml$/, ''), file: path.replace(/^\//, ''), text }))
  .sort((a, b) => rank(a.id) - rank(b.id) || (a.id < b.id ? -1 : 1));

function rank(id: string): number {
  const i = preferredOrder.indexOf(id);
  return i < 0 ? preferredOrder.length : i;
}
