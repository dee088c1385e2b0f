import { describe, expect, it } from 'vitest';
import { beforeFirstResource } from './beforeFirstResource';

describe('beforeFirstResource', () => {
  it('goes after the policy’s meta tag and before the head’s first link or script (a stylesheet would hold it)', () => {
    const html =
      '<head>\n    <meta http-equiv="Content-Security-Policy" content="x">\n    <link rel="icon" href="a.png">\n' +
      '    <link rel="stylesheet" href="a.css">\n  </head>';
    const out = beforeFirstResource(html, '<script>preload()</script>');
    expect(out.indexOf('<script>preload()')).toBeGreaterThan(out.indexOf('Content-Security-Policy'));
    expect(out.indexOf('<script>preload()')).toBeLessThan(out.indexOf('<link rel="icon"'));
  });

  it('goes at the head’s end when the head has no link or script, and says so when there is no head', () => {
    const out = beforeFirstResource('<head><title>t</title></head><body></body>', '<script>p()</script>');
    expect(out.indexOf('<script>p()')).toBeLessThan(out.indexOf('</head>'));
    expect(out.indexOf('<script>p()')).toBeGreaterThan(out.indexOf('</title>'));
    expect(() => beforeFirstResource('<body></body>', '<script>p()</script>')).toThrow('no <head>');
  });
});
