import { goTemplateOptionsFrom, renderGoTemplate } from '../../src/engine/argocd/applicationSet/goTemplate';
import { renderFastTemplate } from '../../src/engine/argocd/applicationSet/fastTemplate';

/**
 * The templates that made both renderers quadratic (95 s and 78 s), each as its render: what
 * renderersLinear.test.ts checks the result of, and times in CPU (cpuTime.testKit.ts) in a process of its own.
 */
export const spaces = ' '.repeat(200_000);
export const blank = ' \t\r\n'.repeat(50_000);
export const emptyTags = '{{}x}'.repeat(80_000);
export const splitLines = `${'{{ x\n'.repeat(100_000)}}}`;

export const work = {
  trimStopsAtX: () => renderGoTemplate(`${spaces}x{{- .n}}`, { n: 'v' }, goTemplateOptionsFrom([])),
  trimsGoSpaces: () =>
    renderGoTemplate(`a${blank}{{- .n -}}${blank}b`, { n: 'v' }, goTemplateOptionsFrom([])),
  manyActions: () => renderGoTemplate('{{ .n -}} '.repeat(50_000), { n: 'v' }, goTemplateOptionsFrom([])),
  emptyTags: () => renderFastTemplate(emptyTags, { x: 'v' }),
  splitLines: () => renderFastTemplate(splitLines, { x: 'v' }),
};
