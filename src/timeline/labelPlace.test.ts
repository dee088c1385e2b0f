import { expect, it } from 'vitest';
import { labelPlace } from './labelPlace';
import { textWidth } from './text';

const plot = { left: 0, right: 1000 };

it('a label with room beside its symbol starts there, as labelSide places it', () => {
  expect(labelPlace(100, 'HookSucceeded', [{ x0: 0, x1: 100 }], plot)).toEqual({ side: 'right', x: 106 });
  expect(labelPlace(950, 'HookSucceeded', [{ x0: 0, x1: 950 }], plot)).toEqual({ side: 'left', x: 944 });
});

it("failing-migration at 9.718 s: BeforeHookCreation starts after the deleted Job's bar, before the next one (issue 32)", () => {
  // The first migrate Job is deleted at the plot's left edge and drawn for 15 px more until it is gone; the
  // recreated Job's bar starts at 185 px.
  const bars = [
    { x0: 0, x1: 15 },
    { x0: 185, x1: 360 },
  ];
  const place = labelPlace(0, 'BeforeHookCreation', bars, plot);
  expect(place).toEqual({ side: 'right', x: 21 });
  expect(place.x + textWidth('BeforeHookCreation')).toBeLessThanOrEqual(185);
});

it('with no free stretch after the bars, the label stays beside its symbol', () => {
  expect(labelPlace(0, 'BeforeHookCreation', [{ x0: 0, x1: 990 }], plot)).toEqual({ side: 'right', x: 6 });
});

it('a label that fits on neither side of its symbol is moved left to end inside the plot (issue 32)', () => {
  // failing-migration's end on a phone presenting: "Failed at 15s" bold (14.3 px type) 6 px left of its line ran
  // under the pinned labels, whose edge is the plot's left here; right of the line it ran past the drawing.
  const view = { left: 172, right: 352 };
  const size = 13 * 1.1;
  const w = textWidth('Failed at 15s', size);
  const place = labelPlace(260, 'Failed at 15s', [], view, size);
  expect(place.side).toBe('right');
  expect(place.x).toBeGreaterThanOrEqual(view.left);
  expect(place.x + w).toBeLessThanOrEqual(view.right);
});
