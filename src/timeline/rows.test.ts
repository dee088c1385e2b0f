import { expect, it } from 'vitest';
import { eventFixture } from '../../test/kits/eventFixture.testKit';
import { buildRows } from './rows';

it('a cluster-scoped object has one row, though its sync result names it with the destination namespace', () => {
  // auto-sync-refuses-retry creates its Namespace in PreSync: the apply names it `checkout-dev` with no namespace,
  // the sync result (as Argo CD's result list) with the destination namespace `checkout-dev`. It had two rows.
  const rows = buildRows(eventFixture('golden:auto-sync-refuses-retry'));
  const namespaces = rows.filter((r) => r.ref.kind === 'Namespace');
  expect(namespaces.map((r) => r.key)).toEqual(['/Namespace//checkout-dev']);
  expect(namespaces[0].results.length).toBeGreaterThan(0);
  expect(namespaces[0].applies.length).toBeGreaterThan(0);
});
