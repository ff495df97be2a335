import { describe, expect, it } from 'vitest';
import { cellColour, formatFigure, legendOf, percentColour, UNKNOWN } from './host-map-colour';

describe('colour scale', () => {
  it.each([
    [0, '#16a34a'],
    [50, '#eab308'],
    [100, '#b91c1c'],
    [-5, '#16a34a'],
    [250, '#b91c1c'],
    [25, '#80ab29'],
  ])('%i percent is %s', (p, c) => expect(percentColour(p)).toBe(c));

  it('colours incidents in three steps and unknown figures grey', () => {
    expect(cellColour('incidents', 0)).toBe('#16a34a');
    expect(cellColour('incidents', 1)).toBe(percentColour(75));
    expect(cellColour('incidents', 7)).toBe('#b91c1c');
    expect(cellColour('cpu', null)).toBe(UNKNOWN);
    expect(cellColour('disk', Number.NaN)).toBe(UNKNOWN);
  });

  it('labels the legend and the figures', () => {
    expect(legendOf('cpu').map((l) => l.label)).toEqual(['0%', '25%', '50%', '75%', '100%', 'no data']);
    expect(legendOf('incidents')).toHaveLength(4);
    expect(formatFigure('memory', 41.26)).toBe('41.3%');
    expect(formatFigure('incidents', 1)).toBe('1 open incident');
    expect(formatFigure('cpu', null)).toBe('no data');
  });
});
