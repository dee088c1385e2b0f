import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playScenario } from '../../scenarios/play';
import { parseScenario } from '../../scenarios/scenario';
import { explainPlatform } from './explainPlatform';

const file = 'scenarios/sync-window-blocks-release.yaml';
const result = playScenario(parseScenario(readFileSync(file, 'utf8'), file));

describe('"Why is it waiting?" names the sync window that holds a release (argocd-semantics.md §5.14)', () => {
  it('inside the window: the window, when it closes, and that only a refresh after it syncs', () => {
    const why = explainPlatform(result.events, 600, result.endT);
    expect(why.headline).toBe(
      'storefront is OutOfSync and the sync window deny:5 0 * * *:10m holds its auto-sync. It closes at 15m (00:15 UTC).',
    );
    expect(why.holder).toBe('storefront');
    expect(why.detail).toContain('sets no condition');
  });

  it('after the window closed, before the next refresh: it says the window has closed', () => {
    expect(explainPlatform(result.events, 950, result.endT).headline).toContain(
      'It closed at 15m (00:15 UTC).',
    );
  });

  it('before the release is committed nothing is held', () => {
    expect(explainPlatform(result.events, 200, result.endT).headline).not.toContain('sync window');
  });
});
