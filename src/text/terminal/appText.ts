import { appGetText } from '../appGetText';
import type { ApplicationJson } from '../../engine';

/** `argocd app get` as text lines (the operation block only with `--show-operation`). */
export function appText(app: ApplicationJson, showOperation: boolean): string[] {
  return appGetText(app, { showOperation }).replace(/\n$/, '').split('\n');
}
