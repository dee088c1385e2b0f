import * as d3 from 'd3';
import { expect, test } from 'vitest';
import { formatSeconds, timeTicks } from './ticks';

test('virtual times read in seconds, then minutes, then hours', () => {
  expect(formatSeconds(7.5)).toBe('7.5s');
  expect(formatSeconds(0)).toBe('0s');
  expect(formatSeconds(90)).toBe('1m 30s');
  expect(formatSeconds(600)).toBe('10m');
  expect(formatSeconds(3900)).toBe('1h 5m');
});

test('a ten-minute wait (progressDeadlineSeconds) gets minute ticks', () => {
  const x = d3.scaleLinear().domain([0, 620]).range([0, 1000]);
  expect(timeTicks(x).map((t) => t.label)).toEqual(['0s', '2m', '4m', '6m', '8m', '10m']);
});

test('a zoom to a few seconds gets sub-second ticks', () => {
  const x = d3.scaleLinear().domain([12, 13]).range([0, 600]);
  expect(timeTicks(x).map((t) => t.label)).toEqual(['12s', '12.2s', '12.4s', '12.6s', '12.8s', '13s']);
});
