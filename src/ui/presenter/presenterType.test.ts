import { describe, expect, it } from 'vitest';
import { presenterFontSize, presenterRowHeight } from './presenterType';

describe('presenterFontSize', () => {
  it('is at least 18 px on a projector and a laptop (issue 8), larger on a big screen, never huge', () => {
    expect(presenterFontSize(1280, 720)).toBeGreaterThanOrEqual(18);
    expect(presenterFontSize(1024, 768)).toBe(18);
    expect(presenterFontSize(1920, 1080)).toBeGreaterThan(presenterFontSize(1280, 720));
    expect(presenterFontSize(3840, 2160)).toBe(22);
    expect(presenterFontSize(0, 0)).toBe(18);
  });
  it('gives rows room for the text', () => {
    expect(presenterRowHeight(18)).toBeGreaterThanOrEqual(18 * 1.25);
    expect(presenterRowHeight(18)).toBeLessThan(18 * 1.5);
  });
});
