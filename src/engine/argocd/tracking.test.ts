import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import { isTrackedBy, TRACKING_ANNOTATION, withTracking } from './tracking';

const cm = (name: string, id?: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'shop', ...(id ? { annotations: { [TRACKING_ANNOTATION]: id } } : {}) },
});

describe('isTrackedBy (the tracking-id annotation, Argo CD 3.x default)', () => {
  it("is the app's when the id names the app and the object itself", () => {
    expect(isTrackedBy('web', withTracking('web', cm('config')))).toBe(true);
    expect(isTrackedBy('web', cm('config', 'web:/ConfigMap:shop/config'))).toBe(true);
  });

  it("is not when the id names another app, even one whose name starts with the app's", () => {
    expect(isTrackedBy('web', withTracking('web-2', cm('config')))).toBe(false);
    expect(isTrackedBy('web-2', withTracking('web', cm('config')))).toBe(false);
    expect(isTrackedBy('we', withTracking('web', cm('config')))).toBe(false);
    expect(isTrackedBy('', cm('config', ':/ConfigMap:shop/config'))).toBe(true);
  });

  it('is not when the id was copied from another object, or is missing', () => {
    expect(isTrackedBy('web', cm('copy', 'web:/ConfigMap:shop/config'))).toBe(false);
    expect(isTrackedBy('web', cm('config'))).toBe(false);
  });
});
