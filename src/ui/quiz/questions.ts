/** One quiz question: its choices, which is right, why, and the scenario moment that shows it. */
export interface Question {
  id: string;
  text: string;
  choices: string[];
  answer: number;
  explanation: string;
  /** A page link (`scenario=…&t=…`) to the moment that shows the answer; absent when no scenario shows it yet. */
  link?: { scenario: string; t: number; label: string };
}

/**
 * The course module's three questions, word for word with its answers (source-material 004, "Quiz"), then one
 * question for each of the four answers "sync result" and "health" can give together (argocd-semantics §6).
 */
export const questions: Question[] = [
  {
    id: 'presync-fails',
    text: 'The PreSync migration fails. What happens to the running Deployment?',
    choices: [
      'Nothing: the sync stops before the Sync phase',
      'The Deployment is updated anyway, because hooks only report and never block the sync',
      'The running Deployment is deleted, so that the failed migration can be retried from scratch',
    ],
    answer: 0,
    explanation:
      'A failed PreSync hook ends the operation before the Sync phase: nothing of it is applied, so the Deployment keeps running 6.7.1 and the app stays OutOfSync (argocd-semantics §6.10).',
    link: { scenario: 'failing-migration', t: 15.05, label: 'failing-migration, after the sync failed' },
  },
  {
    id: 'wave-order',
    text: 'Two resources have sync-wave -1 and 0. Which goes first, and when does the second start?',
    choices: [
      'Both start at once, since waves only order the resources inside a single namespace',
      '-1 first; 0 starts once wave -1 is healthy',
      'Wave 0 goes first because waves count up from the highest number; -1 starts after it finishes',
    ],
    answer: 1,
    explanation:
      'Waves go from the lowest number up. Wave 0 starts once everything in wave -1 is Healthy (or has no health check) and the 2 s wave delay has passed (argocd-semantics §2.11, §6.3).',
    link: { scenario: 'three-tier', t: 23.2, label: 'three-tier, as wave 0 starts' },
  },
  {
    id: 'app-of-apps-health',
    text: 'Why does the app of apps need a health check for Applications?',
    choices: [
      'Applications cannot be synced at all unless a health check is defined for them, so the sync of the root app fails straight away without one',
      'The health check only changes the colours shown in the UI, and the order of the syncs stays exactly the same whether it is defined or not',
      'Without it a child Application counts as healthy at once, so waves between Applications do not wait',
    ],
    answer: 2,
    explanation:
      'An object without a health check passes a wave at once. The Application kind has none unless argocd-cm adds the Lua check, so a wave of child Applications does not wait for them (argocd-semantics §6.3).',
  },
  {
    id: 'app-of-apps-update',
    text: 'An app of apps has the documented Application health check. A commit changes a wave-1 child and a wave-2 child. Does wave 2 wait for wave 1 to roll out?',
    choices: [
      'Yes: the health check makes wave 2 wait until the wave-1 child is Healthy on its new spec',
      'Not always: the parent reads the child’s last verdict, Healthy for the old spec, until the child has compared the new one',
      'No: on an update, sync waves are skipped for Applications',
    ],
    answer: 1,
    explanation:
      'The documented check returns the child’s status.health, written by its last comparison. The child compares the new spec only when the repo server has generated it, so the parent may pass wave 1 at once. The amended check of argo-cd PR #29649 says Progressing while status.sync.comparedTo differs from the spec (argo-cd #8778).',
    link: { scenario: 'app-of-apps-update', t: 73, label: 'app-of-apps-update, as wave 2 starts' },
  },
  {
    id: 'succeeded-progressing',
    text: 'A single-wave app without hooks syncs a new image. The pods are not Ready yet. What does Argo CD show?',
    choices: [
      'Sync Running until the pods are Ready',
      'Last sync Succeeded, app Progressing',
      'Last sync Failed, app Degraded',
    ],
    answer: 1,
    explanation:
      'With one step, the last step is never waited for: the operation Succeeds right after the apply, while health keeps being computed from the live pods (argocd-semantics §6.1, §6.3).',
    link: { scenario: 'succeeded-progressing', t: 1, label: 'succeeded-progressing, just after the sync' },
  },
  {
    id: 'succeeded-then-degraded',
    text: 'The last wave holds a Deployment whose new pods crash. What does the app show ten minutes later?',
    choices: [
      'Last sync Failed, because a crash-looping Deployment fails the sync',
      'Last sync Succeeded, app Degraded once progressDeadlineSeconds has passed',
      'Sync still Running, waiting for the Deployment',
    ],
    answer: 1,
    explanation:
      'The last wave is not awaited, so the sync Succeeded. The Deployment is Progressing until its progress deadline, then Degraded; the sync result does not change (argocd-semantics §6.1, §6.5).',
    link: {
      scenario: 'succeeded-then-degraded',
      t: 36,
      label: 'succeeded-then-degraded, after the deadline',
    },
  },
  {
    id: 'failed-degraded',
    text: 'A Deployment in wave 1 never becomes Healthy, and the frontend is in wave 2. How does it end?',
    choices: [
      'Failed and Degraded: the sync fails when the Deployment turns Degraded, and wave 2 never starts',
      'Succeeded and Degraded: waves never fail a sync',
      'Running forever: a wave waits until its objects are Healthy',
    ],
    answer: 0,
    explanation:
      'A resource that turns Degraded while it is waited on fails the operation; the later waves are never applied, so the app is also OutOfSync (argocd-semantics §2.12).',
    link: { scenario: 'failed-degraded', t: 36, label: 'failed-degraded, after the sync failed' },
  },
  {
    id: 'stuck',
    text: 'The operation says "waiting for healthy state of /Service/frontend" for an hour. What is going on?',
    choices: [
      'The sync has failed and Argo CD is retrying it',
      'The Service is Progressing (a LoadBalancer with no address) and Argo CD waits for it without any time limit',
      'The frontend pods crash, and the message will turn into Degraded soon',
    ],
    answer: 1,
    explanation:
      'A LoadBalancer Service is Progressing until it has an address. A waited-on object that stays Progressing keeps the operation Running; only Degraded fails it (argocd-semantics §2.10, §6.4).',
    link: { scenario: 'stuck-load-balancer', t: 60, label: 'stuck-load-balancer, a minute in' },
  },
  {
    id: 'selective-sync-hooks',
    text: 'You ship a new image with argocd app sync checkout --resource apps:Deployment:checkout. Does the PreSync migration run?',
    choices: [
      'Yes: PreSync hooks run before every sync',
      'No: a sync that names resources runs no hooks at all, and neither does a self-heal',
      'Only if the migration Job is named with --resource too',
    ],
    answer: 1,
    explanation:
      'An operation with resources (or the apply strategy) skips every hook, even when the hook is selected (controller/sync.go L386; e2e TestSelectiveSyncDoesNotRunHooks). The Deployment rolls to the new image, the migration never runs, and the app stays OutOfSync (argocd-semantics §9.4).',
    link: { scenario: 'hooks-skipped', t: 115, label: 'hooks-skipped, after the selective sync' },
  },
  {
    id: 'helm-post-install',
    text: "A Helm chart's Deployment needs a Secret that the chart creates in a post-install hook. `helm install` works. What does Argo CD do with the chart?",
    choices: [
      'The same as Helm: it creates the Secret once the Deployment is applied',
      'It runs the hook as PostSync, after the Deployment is Healthy, so the Deployment never starts and the sync waits',
      'It ignores Helm hook annotations and applies the Secret with everything else',
    ],
    answer: 1,
    explanation:
      'Argo CD maps helm.sh/hook post-install to PostSync, which starts only once every Sync-phase object is Healthy. The pods wait in CreateContainerConfigError for the Secret, the operation waits for the pods (argocd-semantics §1.3 step 2, §2.10).',
    link: {
      scenario: 'helm-post-install-deadlock',
      t: 90,
      label: 'helm-post-install-deadlock, a minute and a half in',
    },
  },
  {
    id: 'pvc-first-consumer',
    text: 'A PersistentVolumeClaim is in wave 0 and the Deployment that mounts it in wave 1. The StorageClass binds on first consumer. What happens?',
    choices: [
      'Wave 0 is Healthy once the claim is created, so the Deployment starts two seconds later',
      'The claim stays Pending (Progressing) because no pod mounts it yet, so wave 1 never starts and the sync waits',
      'Argo CD sees the volumeBindingMode and skips the claim when it waits for the wave',
    ],
    answer: 1,
    explanation:
      'A Pending claim is Progressing in Argo CD, and a wave waits for Healthy. With WaitForFirstConsumer the claim binds only for a pod, which is in the next wave: put both in one wave (argocd-semantics §3.7, §2.10; argo-cd #29201).',
    link: {
      scenario: 'pvc-wait-for-first-consumer',
      t: 90,
      label: 'pvc-wait-for-first-consumer, a minute and a half in',
    },
  },
  {
    id: 'hpa-self-heal-fight',
    text: 'Git says replicas: 1, an HPA scales the Deployment to 4, and the app has selfHeal. What happens?',
    choices: [
      'Argo CD leaves spec.replicas to the HPA, because an HPA targets the Deployment',
      'Self-heal writes 1 back, the HPA writes 4 again at its next sync, and so on: they fight, self-heal backing off more each time',
      'The HPA stops scaling once Argo CD has written 1, because the Deployment is Synced',
    ],
    answer: 1,
    explanation:
      "Argo CD compares spec.replicas with Git like any field, so the HPA's 4 is OutOfSync, and self-heal syncs 1 (after 0, 2, 6, 18, 54 s of back-off). The HPA acts every 15 s. ignoreDifferences on /spec/replicas with RespectIgnoreDifferences=true ends it (argocd-semantics §5.4, §5.8; argo-cd #28590, #6520).",
    link: {
      scenario: 'hpa-self-heal-fight',
      t: 190,
      label: 'hpa-self-heal-fight, between two self-heals',
    },
  },
  {
    id: 'maintenance-page',
    text: 'A Sync hook Job in wave 1 puts a maintenance page up, the frontend Deployment is in wave 2, and a Sync hook Job in wave 3 takes the page down. What does a visitor see while the frontend rolls out?',
    choices: [
      'Old and new pages, request by request: hooks run before the resources of their phase',
      'The maintenance page: wave 3 starts only once the Deployment of wave 2 is Healthy',
      'An error page: Argo CD deletes the old pods before the hook of wave 3 runs',
    ],
    answer: 1,
    explanation:
      'A Sync-phase hook is ordered by its wave with the resources of that phase (gitops-engine sync_tasks.go), and a wave starts only when the one before is Healthy, a hook Job once it has completed (sync_context.go). So the page goes up before the rollout and comes down after it.',
    link: {
      scenario: 'maintenance-page',
      t: 15,
      label: 'maintenance-page, halfway through the rollout',
    },
  },
  {
    id: 'delete-app',
    text: "You delete an Application that has the resources finalizer, and its PreDelete hook fails. What happens to the app's resources?",
    choices: [
      'They are deleted anyway: a PreDelete hook only reports',
      'Nothing is deleted: the app stays, marked for deletion, with DeletionError until the hook succeeds',
      'The Application is removed at once and its resources are left running',
    ],
    answer: 1,
    explanation:
      'PreDelete hooks run before the cascade and must all be Healthy. A failed one is deleted, the deletion reports DeletionError and tries again; only a fix in Git lets it go on (argocd-semantics §5.5). Without the finalizer, the third answer is what happens.',
    link: { scenario: 'delete-app', t: 80, label: 'delete-app, while the PreDelete hook keeps failing' },
  },
  {
    id: 'environments-promotion',
    text: "RollingSync rolls dev, then staging, then prod, one cluster each. Staging's app turns Degraded. What happens to prod?",
    choices: [
      'Prod is synced anyway once staging has been given its progress deadline, since each cluster is independent',
      'Prod stays Waiting, OutOfSync and Missing: its step starts only when every app of the earlier steps is Healthy',
      'The ApplicationSet rolls staging back to its last Healthy revision and then continues with prod',
    ],
    answer: 1,
    explanation:
      'A RollingSync step starts only when every Application of the steps before it is Healthy, whatever cluster each is in; nothing is rolled back and nothing is applied to prod (argocd-semantics §5.1, §5.13).',
    link: { scenario: 'environments-promotion', t: 75, label: 'environments-promotion, staging Degraded' },
  },
  {
    id: 'sync-window-closes',
    text: 'A deny sync window held an auto-sync. The window closes at 00:15. When does the release sync?',
    choices: [
      'At 00:15 exactly: Argo CD schedules the sync for the end of the window',
      'At the next periodic refresh of the app after 00:15, up to about three minutes later',
      'Never: a sync blocked by a window has to be started again by hand',
    ],
    answer: 1,
    explanation:
      'A blocked auto-sync leaves only a log line ("Sync prevented by sync window") and no condition; nothing is queued for the end of the window. The next refresh that finds the window closed syncs (argocd-semantics §5.14, appcontroller.go L2002-L2019).',
    link: {
      scenario: 'sync-window-blocks-release',
      t: 1009.5,
      label: 'sync-window-blocks-release, as the release lands',
    },
  },
  {
    id: 'sync-timeout',
    text: 'controller.sync.timeout.seconds is 300 and a wave never becomes Healthy. What happens at 5 minutes?',
    choices: [
      'The sync fails like any other failure, and its SyncFail hooks run',
      'The operation is terminated: Failed, "Operation terminated, triggered by controller sync timeout"; no SyncFail hook runs',
      'Nothing: the timeout only stops retries, never a running sync',
    ],
    answer: 1,
    explanation:
      'The controller sets the operation Terminating and terminates it in the same pass. A termination is not a failed sync, so SyncFail hooks do not run, and a pending retry is cancelled (argocd-semantics §2.16, appcontroller.go L1602-L1607).',
    link: { scenario: 'sync-timeout', t: 300, label: 'sync-timeout, at the timeout' },
  },
];
