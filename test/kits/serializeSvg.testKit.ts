/**
 * An `<svg>` as indented markup, one element per line, with every decimal number in attribute values rounded
 * to `digits` places (opacities excepted). It makes stable, reviewable snapshots (Plot's test/plot-snapshot.js does the same) and
 * compact exports of the current frame.
 */
export function serializeSvg(root: Element, digits = 1): string {
  const round = (value: string) =>
    value.replace(/-?\d+\.\d+(e-?\d+)?/g, (n) => String(roundNumber(Number(n), digits)));
  const lines: string[] = [];
  const walk = (el: Element, depth: number) => {
    const indent = '  '.repeat(depth);
    // Opacities are design constants, not positions: they keep their precision.
    const value = (a: Attr) => (a.name.includes('opacity') ? a.value : round(a.value));
    const attrs = [...el.attributes].map((a) => ` ${a.name}="${escape(value(a))}"`).join('');
    const children = [...el.childNodes];
    const elements = children.filter((c): c is Element => c.nodeType === 1);
    const text = children
      .filter((c) => c.nodeType === 3)
      .map((c) => c.textContent ?? '')
      .join('');
    if (elements.length === 0) {
      lines.push(
        text
          ? `${indent}<${el.tagName}${attrs}>${escape(text)}</${el.tagName}>`
          : `${indent}<${el.tagName}${attrs}/>`,
      );
      return;
    }
    lines.push(`${indent}<${el.tagName}${attrs}>`);
    for (const child of elements) walk(child, depth + 1);
    lines.push(`${indent}</${el.tagName}>`);
  };
  walk(root, 0);
  return lines.join('\n') + '\n';
}

function roundNumber(n: number, digits: number): number {
  const r = Number(n.toFixed(digits));
  return Object.is(r, -0) ? 0 : r;
}

function escape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
