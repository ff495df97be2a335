import { describe, expect, it } from 'vitest';
import { toTimeline } from './timeline';

const W = { from: 1000, to: 2000 };
const h = (id: number, alert_id: number, start: number, end: number | null) => ({ id, alert_id, start, end, subject: `s${id}` });

describe('toTimeline', () => {
  it('places incidents in percent of the window, one row per alert, latest first', () => {
    const rows = toTimeline([h(1, 7, 1100, 1200), h(2, 8, 1500, 1600), h(3, 7, 1300, 1400)], W, 2000);
    expect(rows.map((r) => r.alertId)).toEqual([8, 7]);
    expect(rows[1]!.bars).toEqual([
      { id: 1, left: 10, width: 10, open: false, subject: 's1' },
      { id: 3, left: 30, width: 10, open: false, subject: 's3' },
    ]);
  });

  it('runs open incidents to now and cuts what lies outside', () => {
    const [row] = toTimeline([h(1, 1, 500, 1250), h(2, 1, 1900, null)], W, 1950);
    expect(row!.bars).toEqual([
      { id: 1, left: 0, width: 25, open: false, subject: 's1' },
      { id: 2, left: 90, width: 5, open: true, subject: 's2' },
    ]);
  });

  it('drops incidents outside the window and keeps short ones visible', () => {
    expect(toTimeline([h(1, 1, 10, 20), h(2, 1, 3000, null)], W, 4000)).toEqual([]);
    const edge = toTimeline([h(1, 1, 1999, 1999)], W, 2000)[0]!.bars[0]!;
    expect(edge.left).toBeCloseTo(99.9);
    expect(edge.width).toBeCloseTo(0.1);
    expect(toTimeline([h(1, 1, 1500, 1500)], W, 2000)[0]!.bars[0]!.width).toBe(0.4);
  });
});
