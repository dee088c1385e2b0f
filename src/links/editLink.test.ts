import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { decodeEdit, encodeEdit } from './editLink';
import { formatUrlState, linkFits, maxLinkLength, parseUrlState } from './urlState';

const manifestsOf = (id: string): string =>
  parse(readFileSync(`scenarios/${id}.yaml`, 'utf8')).revisions.at(-1).manifests;

const base = 'https://example.org/argocd-sandbox/';

describe('edited manifests in the link', () => {
  it('round-trips an edit through the query string exactly, unicode and all', () => {
    const text = manifestsOf('three-tier').replace('name: backend', 'name: backend-é✓') + '\n# ünïcode ✓\n';
    const state = { scenario: 'three-tier', t: 42.125, edit: encodeEdit(text) };
    const search = formatUrlState(state);
    expect(search).toMatch(/^\?scenario=three-tier&t=42\.125&edit=[A-Za-z0-9_-]+$/);
    const read = parseUrlState(search, '');
    expect(read).toEqual(state);
    expect(decodeEdit(read.edit!)).toBe(text);
  });

  it('compresses the shipped scenarios into links that fit, many-resources included', () => {
    for (const id of ['three-tier', 'failing-migration', 'many-resources']) {
      const text = manifestsOf(id);
      const link = base + formatUrlState({ scenario: id, t: 30, edit: encodeEdit(text) });
      expect(linkFits(link), `${id}: ${link.length} characters`).toBe(true);
      expect(encodeEdit(text).length).toBeLessThan(text.length / 2);
    }
  });

  it('an edit past 8,000 characters of link does not fit; the limit counts the whole URL', () => {
    // Text that does not compress: a ConfigMap of random-looking data.
    let seed = 7;
    const noise = Array.from({ length: 12000 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return 'abcdefghijklmnopqrstuvwxyz0123456789'[seed % 36];
    }).join('');
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  blob: ${noise}\n`;
    const link = base + formatUrlState({ scenario: 'three-tier', edit: encodeEdit(text) });
    expect(link.length).toBeGreaterThan(maxLinkLength);
    expect(linkFits(link)).toBe(false);
    expect(linkFits('x'.repeat(maxLinkLength))).toBe(true);
    expect(linkFits('x'.repeat(maxLinkLength + 1))).toBe(false);
  });

  it('a damaged edit value reads as none rather than as garbage', () => {
    const good = encodeEdit(manifestsOf('three-tier'));
    expect(decodeEdit(good.slice(0, good.length / 2))).toBeUndefined();
    expect(decodeEdit('not base64!')).toBeUndefined();
    expect(decodeEdit('')).toBeUndefined();
  });
});
