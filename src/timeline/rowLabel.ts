import { knownKind } from '../engine';
import { truncate } from './text';

/**
 * How a label column names kinds: `Kind/name` throughout, or kubectl's short names wherever a kind has one. One
 * form per column reads evenly (layout.ts decides it): a phone's column mixed `Service/checkout`, which fit, with
 * `deploy/checkout` under it.
 */
export type KindForm = 'whole' | 'short';

/**
 * A resource row's label in `room` pixels, in its column's `form`: `Kind/name`, or with the kind as kubectl's short
 * name (`deploy/checkout-api`, `ns/three-tier`, `cm/checkout-config`, `svc/checkout`), which keeps more of the name,
 * the part that tells two rows apart; cut with an ellipsis only when even that is too wide. A phone's label column
 * (150 px) cut `Namespace/three-tier` to `Namespace/three-t…` and, in presenter mode's larger type,
 * `Job/checkout-migrate` to `Job/checkou…`. A kind kubectl gives no short name (Job) stays whole. The row's title
 * keeps the whole kind and name.
 */
export function rowLabel(kind: string, name: string, room: number, size: number, form: KindForm): string {
  const short = form === 'short' ? knownKind(kind)?.shortNames[0] : undefined;
  return truncate(`${short ?? kind}/${name}`, room, size);
}
