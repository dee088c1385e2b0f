import { appGetText } from '../appGetText';
import type { ApplicationJson } from '../../engine';

/** `argocd app get` as text lines (the operation block only with `--show-operation`). */
export function appText(
  app: ApplicationJson,
  showOperation: boolean,
  syncWindow?: { status: string; assigned: string },
): string[] {
  return appGetText(app, { showOperation, syncWindow }).replace(/\n$/, '').split('\n');
}
