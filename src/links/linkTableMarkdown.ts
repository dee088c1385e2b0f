import type { AnyLinkParam } from './linkParam';
import { linkTable } from './linkTable';

/** A table cell: a `|` would end it. */
const cell = (text: string) => text.replace(/\|/g, '\\|');

function boundsCell(param: AnyLinkParam): string {
  if (!param.bounds) return '';
  const [min, max] = param.bounds;
  return Number.isFinite(max) ? `${min}–${max}` : `≥ ${min}`;
}

function row(param: AnyLinkParam): string {
  const cells = [
    `\`${param.key}=\``,
    param.value,
    boundsCell(param),
    param.default,
    param.oneRun ? 'yes' : '',
    param.meaning,
  ];
  return `| ${cells.map(cell).join(' | ')} |`;
}

/**
 * The link table (linkTable.ts) as docs/contract.md §2 lists it: a row per URL parameter, with its value, bounds,
 * default, whether it applies to one run only, and what it does. linkTableMarkdown.test.ts checks the contract
 * against it (`DOCS_WRITE=1` rewrites the section).
 */
export function linkTableMarkdown(): string {
  return [
    '| parameter | value | bounds | default | one run only | what it does |',
    '| --- | --- | --- | --- | --- | --- |',
    ...linkTable.map(row),
  ].join('\n');
}
