import { describe, expect, it } from 'vitest';
import { healthOf } from '../health/healthOf';
import type { KubeObject } from '../types';
import { INGRESS_DELAY_MS, LOAD_BALANCER_DELAY_MS, loadBalancerController } from './loadBalancer';
import { INGRESS_ADDRESS } from './serviceAddresses';
import { get, testCluster } from '../../../test/kits/controllers.testKit';

function service(name: string, type?: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: 'default' },
    spec: { type, selector: { app: name }, ports: [{ port: 80 }] },
  };
}

const ingress: KubeObject = {
  apiVersion: 'networking.k8s.io/v1',
  kind: 'Ingress',
  metadata: { name: 'web', namespace: 'default' },
  spec: { rules: [{ host: 'web.example.com' }] },
};

describe('loadBalancerController', () => {
  it('gives every Service a cluster IP in 10.96.0.0/16, and the same one when re-created', () => {
    const cluster = testCluster([loadBalancerController]);
    cluster.store.apply(service('web'));
    cluster.clock.advanceTo(100);
    const ip = get(cluster, 'Service', 'web')!.spec.clusterIP;
    expect(ip).toMatch(/^10\.96\.\d{1,3}\.\d{1,3}$/);
    expect(get(cluster, 'Service', 'web')!.spec.clusterIPs).toEqual([ip]);
    expect(healthOf(get(cluster, 'Service', 'web')!)?.status).toBe('Healthy');
    cluster.store.delete({ group: '', kind: 'Service', namespace: 'default', name: 'web' });
    cluster.store.apply(service('web'));
    cluster.clock.advanceTo(200);
    expect(get(cluster, 'Service', 'web')!.spec.clusterIP).toBe(ip);
  });

  it('gives a LoadBalancer Service node ports at once and an address after a delay', () => {
    const cluster = testCluster([loadBalancerController]);
    cluster.store.apply(service('web', 'LoadBalancer'));
    cluster.clock.advanceTo(100);
    const early = get(cluster, 'Service', 'web')!;
    expect(early.spec.ports[0].nodePort).toBeGreaterThanOrEqual(30000);
    expect(early.spec.ports[0].nodePort).toBeLessThanOrEqual(32767);
    expect(healthOf(early)?.status).toBe('Progressing');
    cluster.clock.advanceTo(LOAD_BALANCER_DELAY_MS + 100);
    const ready = get(cluster, 'Service', 'web')!;
    expect(ready.status.loadBalancer.ingress).toEqual([{ ip: '172.18.255.201', ipMode: 'VIP' }]);
    expect(healthOf(ready)?.status).toBe('Healthy');
  });

  it('never gives an address to a Service whose loadBalancerClass no controller here serves', () => {
    const cluster = testCluster([loadBalancerController]);
    const web = service('web', 'LoadBalancer');
    cluster.store.apply({ ...web, spec: { ...web.spec, loadBalancerClass: 'example.com/internal-lb' } });
    cluster.clock.advanceTo(60_000);
    const pending = get(cluster, 'Service', 'web')!;
    expect(pending.spec.ports[0].nodePort).toBeGreaterThanOrEqual(30000);
    expect(pending.status.loadBalancer.ingress ?? []).toEqual([]);
    expect(healthOf(pending)?.status).toBe('Progressing');
  });

  it('hands out pool addresses lowest first', () => {
    const cluster = testCluster([loadBalancerController]);
    cluster.store.apply(service('a', 'LoadBalancer'));
    cluster.store.apply(service('b', 'LoadBalancer'));
    cluster.clock.advanceTo(5000);
    expect(get(cluster, 'Service', 'a')!.status.loadBalancer.ingress[0].ip).toBe('172.18.255.201');
    expect(get(cluster, 'Service', 'b')!.status.loadBalancer.ingress[0].ip).toBe('172.18.255.202');
  });

  it('publishes the ingress controller address on an Ingress after a delay', () => {
    const cluster = testCluster([loadBalancerController]);
    cluster.store.apply(ingress);
    cluster.clock.advanceTo(INGRESS_DELAY_MS - 100);
    expect(healthOf(get(cluster, 'Ingress', 'web')!)?.status).toBe('Progressing');
    cluster.clock.advanceTo(INGRESS_DELAY_MS + 100);
    const published = get(cluster, 'Ingress', 'web')!;
    expect(published.status.loadBalancer.ingress).toEqual([{ ip: INGRESS_ADDRESS }]);
    expect(healthOf(published)?.status).toBe('Healthy');
  });
});
