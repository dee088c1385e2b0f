import { knownKind } from '../engine';
import { textWidth, truncate } from './text';

/**
 * A resource row's label in `room` pixels: `Kind/name` when it fits; else with the kind as kubectl's short name
 * (`deploy/checkout-api`, `ns/three-tier`, `cm/checkout-config`), which keeps more of the name, the part that tells
 * two rows apart; cut with an ellipsis only when even that is too wide. A phone's label column (150 px) cut
 * `Namespace/three-tier` to `Namespace/three-t…` and, in presenter mode's larger type, `Job/checkout-migrate` to
 * `Job/checkou…`. The row's title keeps the whole kind and name.
 */
export function rowLabel(kind: string, name: string, room: number, size: number): string {
  const whole = `${kind}/${name}`;
  if (textWidth(whole, size) <= room) return whole;
  const short = knownKind(kind)?.shortNames[0];
  return truncate(short ? `${short}/${name}` : whole, room, size);
}
