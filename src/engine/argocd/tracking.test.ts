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

/**
 * controller/state_test.go `TestIsLiveResourceManaged`, its annotation-tracking cases (`isSelfReferencedObj` with
 * no desired object: the tracking id must name the live object's own group, kind, namespace and name). Its
 * label-tracking cases (always managed), the nil live object and the desired object's newer API group are not
 * expressible: the sandbox tracks by annotation only and claims a live object by its id alone.
 */
describe('TestIsLiveResourceManaged', () => {
  const live = (name: string, id: string): KubeObject => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: 'default', annotations: { [TRACKING_ANNOTATION]: id } },
  });
  it.each([
    [
      'will return true if trackingid matches the resource',
      'configmap1',
      'guestbook:/ConfigMap:default/configmap1',
      true,
    ],
    ['trackingId has wrong resource name', 'configmap2', 'guestbook:/ConfigMap:default/configmap1', false],
    [
      'trackingId has wrong resource group',
      'configmap2',
      'guestbook:apps/ConfigMap:default/configmap2',
      false,
    ],
    ['trackingId has wrong kind', 'configmap2', 'guestbook:/Service:default/configmap2', false],
    ['trackingId has wrong namespace', 'configmap2', 'guestbook:/ConfigMap:fakens/configmap2', false],
  ])('TestIsLiveResourceManaged: %s', (_name, name, id, managed) => {
    expect(isTrackedBy('guestbook', live(name, id))).toBe(managed);
  });
});
