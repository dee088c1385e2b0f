import { expect, it } from 'vitest';
import { labelPlace, rowLabelPlaces } from './labelPlace';
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

it('auto-sync-refuses-retry presenting at 1024×768: of three BeforeHookCreation labels over each other, only the first is drawn (issue 32)', () => {
  // Presenter type (18 px): the migrate Job deleted at 409, 491 and 511 px, each label about 180 px wide.
  const size = 18;
  const labels = [409, 491, 511].map((at, i) => ({ key: `job@${i}`, at, label: 'BeforeHookCreation' }));
  const places = rowLabelPlaces(labels, [], { left: 300, right: 805 }, size);
  expect(places.get('job@0')).toEqual({ side: 'right', x: 415 });
  expect(places.get('job@1')).toBeUndefined();
  expect(places.get('job@2')).toBeUndefined();
});

it('labels of one row far enough apart are all drawn, whatever order they come in', () => {
  const labels = [
    { key: 'b', at: 600, label: 'BeforeHookCreation' },
    { key: 'a', at: 100, label: 'HookSucceeded' },
    { key: 'c', at: 300, label: '' },
  ];
  const places = rowLabelPlaces(labels, [], { left: 0, right: 1000 });
  expect(places.get('a')).toEqual({ side: 'right', x: 106 });
  expect(places.get('b')).toEqual({ side: 'right', x: 606 });
  expect(places.get('c')).toBeDefined();
});
