import { knownKind } from '../engine';
import { textWidth, truncate } from './text';

/** How a label column names kinds: `Kind/name` throughout, or kubectl's short names wherever a kind has one. */
export type KindForm = 'whole' | 'short';

/**
 * The form of a label column's kinds, decided once for all its rows (`refs`, every resource row of the run, shown or
 * in a closed group, so that opening a group does not change the others' labels): whole when every `Kind/name`
 * fits in `room` pixels, else short. One form per column reads evenly: a phone's column mixed `Service/checkout`,
 * which fit, with `deploy/checkout` under it.
 */
export function kindForm(
  refs: Iterable<{ kind: string; name: string }>,
  room: number,
  size: number,
): KindForm {
  for (const { kind, name } of refs) if (textWidth(`${kind}/${name}`, size) > room) return 'short';
  return 'whole';
}

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
