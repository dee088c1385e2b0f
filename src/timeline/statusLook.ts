/**
 * How each Argo CD status word looks: a colour (Argo CD's own) and an icon shape. The shapes differ as well as
 * the colours, so a status can be told without seeing colour (argo-cd #4838, "People shouldn't be required to
 * be able to see color").
 */
export type IconShape =
  | 'heart'
  | 'circle-notch'
  | 'heart-broken'
  | 'pause'
  | 'ghost'
  | 'question'
  | 'check-circle'
  | 'arrow-up-circle'
  | 'spinner'
  | 'check'
  | 'cross'
  | 'triangle'
  | 'stop'
  | 'minus';

export interface StatusLook {
  shape: IconShape;
  /** A CSS colour (a custom property of global.css). */
  color: string;
  /** A text colour that reads on `color` as a background (WCAG AA). */
  ink: string;
}

const dark = '#10161d';
const looks: Record<string, StatusLook> = {
  // App health (argocd-semantics §1.8).
  Healthy: { shape: 'heart', color: 'var(--healthy)', ink: dark },
  Progressing: { shape: 'circle-notch', color: 'var(--progressing)', ink: dark },
  Degraded: { shape: 'heart-broken', color: 'var(--degraded)', ink: dark },
  Suspended: { shape: 'pause', color: 'var(--suspended)', ink: '#ffffff' },
  Missing: { shape: 'ghost', color: 'var(--missing)', ink: dark },
  Unknown: { shape: 'question', color: 'var(--unknown)', ink: dark },
  // Sync status (§1.7).
  Synced: { shape: 'check-circle', color: 'var(--synced)', ink: dark },
  OutOfSync: { shape: 'arrow-up-circle', color: 'var(--out-of-sync)', ink: dark },
  // Operation phase (§1.4) and task state (§1.6).
  Running: { shape: 'spinner', color: 'var(--progressing)', ink: dark },
  Terminating: { shape: 'stop', color: 'var(--suspended)', ink: '#ffffff' },
  Succeeded: { shape: 'check', color: 'var(--healthy)', ink: dark },
  Failed: { shape: 'cross', color: 'var(--failed)', ink: dark },
  Error: { shape: 'triangle', color: 'var(--failed)', ink: dark },
  // Result codes (§1.5).
  SyncFailed: { shape: 'cross', color: 'var(--failed)', ink: dark },
  Pruned: { shape: 'minus', color: 'var(--unknown)', ink: dark },
  PruneSkipped: { shape: 'minus', color: 'var(--out-of-sync)', ink: dark },
};

export function statusLook(status: string | undefined): StatusLook {
  return (status && looks[status]) || { shape: 'question', color: 'var(--unknown)', ink: dark };
}

/** The words the legend explains, grouped as Argo CD groups them. */
export const legendGroups: { title: string; statuses: string[] }[] = [
  {
    title: 'App health',
    statuses: ['Healthy', 'Progressing', 'Degraded', 'Suspended', 'Missing', 'Unknown'],
  },
  { title: 'Sync status', statuses: ['Synced', 'OutOfSync'] },
  {
    title: 'Last sync (operation phase)',
    statuses: ['Running', 'Succeeded', 'Failed', 'Error', 'Terminating'],
  },
];
