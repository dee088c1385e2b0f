import { describe, expect, it } from 'vitest';
import { terminationText } from './terminationText';

// appcontroller.go L1693-L1697 (TestProcessRequestedAppOperation_SyncTimeout): only a timeout adds its cause.
describe('terminationText: timed out and terminated read differently', () => {
  it('names the sync timeout, or the person who terminated it', () => {
    expect(
      terminationText('Operation terminated, triggered by controller sync timeout (retried 1 times).'),
    ).toMatch(/^Timed out: the controller's sync timeout/);
    expect(terminationText('Operation terminated')).toMatch(
      /^Terminated by hand \(argocd app terminate-op\)/,
    );
    expect(terminationText('one or more synchronization tasks completed unsuccessfully')).toBeUndefined();
  });
});
