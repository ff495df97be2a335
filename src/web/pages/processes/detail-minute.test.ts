import { describe, expect, it } from 'vitest';
import { detailNote } from './detail-minute';

const T = Date.UTC(2026, 10, 12, 14, 1) / 1000; // 14:01 UTC

describe('detailNote', () => {
  it.each([
    [null, 1, null],
    [T, undefined, null],
    [T, T, null],
    [T + 30, T, null],
    [T, T - 60, 'No details at 14:01; showing 14:00.'],
    [T, T + 9 * 60, 'No details at 14:01; showing 14:10.'],
    [T, null, 'No files or threads recorded within 30 minutes of 14:01.'],
    [Date.UTC(2026, 10, 12, 0, 5) / 1000, Date.UTC(2026, 10, 11, 23, 50) / 1000, 'No details at 00:05; showing 23:50 on 2026-11-11.'],
  ])('at %s answered %s: %s', (at, answered, note) => expect(detailNote(at, answered)).toBe(note));
});
