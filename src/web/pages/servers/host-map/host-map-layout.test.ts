import { describe, expect, it } from 'vitest';
import { buildIndex, GEOMETRY, groupServers, hitTest, layoutMap, neighbour, spansOf, type MapServer } from './host-map-layout';

const servers: MapServer[] = [
  { id: 1, name: 'web-02', os: 'Linux' },
  { id: 2, name: 'db-01', os: 'Linux' },
  { id: 3, name: 'web-01', os: 'Windows' },
  { id: 4, name: 'mail', os: 'Solaris' },
];

describe('groupServers', () => {
  it('groups by OS, labels sorted, servers by name', () => {
    expect(groupServers(servers, 'os')).toEqual([
      { label: 'Linux', ids: [2, 1] },
      { label: 'Solaris', ids: [4] },
      { label: 'Windows', ids: [3] },
    ]);
  });
  it('shows a server in each of its tags, the untagged last, and skips empty or unknown members', () => {
    const tags = [{ name: 'web', servers: [1, 3, 99] }, { name: 'all', servers: [3, 1, 2] }, { name: 'empty', servers: [] }];
    expect(groupServers(servers, 'tag', tags)).toEqual([
      { label: 'all', ids: [2, 3, 1] },
      { label: 'web', ids: [3, 1] },
      { label: 'No tag', ids: [4] },
    ]);
    expect(groupServers(servers, 'set', [])).toEqual([{ label: 'No set', ids: [2, 4, 3, 1] }]);
    expect(groupServers(servers, 'none')[0]!.ids).toEqual([2, 4, 3, 1]);
  });
});

describe('spansOf', () => {
  it('gives 1-3 by tercile, 1 to the smallest and the unknown, 1 to all when equal', () => {
    const m = spansOf(new Map<number, number | null>([[1, 1], [2, 2], [3, 4], [4, 8], [5, 16], [6, 32], [7, null]]));
    expect([...m.values()]).toEqual([1, 1, 2, 2, 3, 3, 1]); // terciles at 4 and 16
    expect([...spansOf(new Map([[1, 5], [2, 5]])).values()]).toEqual([1, 1]);
  });
});

describe('layout and hit-testing', () => {
  const { pitch, header } = GEOMETRY;
  const groups = [{ label: 'a', ids: [1, 2, 3, 4, 5] }, { label: 'b', ids: [6] }];
  const layout = layoutMap(groups, new Map([[3, 2]]), pitch * 4);

  it('packs big cells first and fills the holes, then stacks the groups under headers', () => {
    const at = (id: number) => layout.cells.find((c) => c.id === id)!;
    expect(at(3)).toMatchObject({ x: 0, y: header, size: 2 * pitch - GEOMETRY.gap });
    expect([at(1), at(2), at(4), at(5)].map((c) => [c.x / pitch, (c.y - header) / pitch])).toEqual([[2, 0], [3, 0], [2, 1], [3, 1]]);
    expect(layout.headers.map((h) => [h.label, h.count])).toEqual([['a', 5], ['b', 1]]);
    expect(at(6).y).toBe(layout.headers[1]!.y + header);
    expect(layout.height).toBeGreaterThan(at(6).y);
  });

  it('finds the cell under a point through the bucket grid, none in gaps and headers', () => {
    const index = buildIndex(layout);
    const id = (x: number, y: number) => layout.cells[hitTest(index, x, y)]?.id ?? null;
    expect(id(pitch + 3, header + pitch + 3)).toBe(3); // inside the 2x2 cell's lower right unit
    expect(id(2 * pitch + 1, header + 1)).toBe(1);
    expect(id(2 * pitch - 1, header + 1)).toBeNull(); // the gap right of the big cell
    expect(id(5, 5)).toBeNull(); // the header
    expect(id(-1, header)).toBeNull();
    expect(id(100 * pitch, header)).toBeNull();
  });

  it('moves the keyboard focus through the order and by position', () => {
    const { cells } = layout;
    const idx = (id: number) => cells.findIndex((c) => c.id === id);
    expect(cells[neighbour(cells, idx(1), 'ArrowDown')]!.id).toBe(4);
    expect(cells[neighbour(cells, idx(4), 'ArrowUp')]!.id).toBe(1);
    expect(cells[neighbour(cells, idx(3), 'ArrowDown')]!.id).toBe(6); // past the header of group b
    expect(cells[neighbour(cells, idx(6), 'ArrowUp')]!.id).toBe(3);
    expect(neighbour(cells, idx(1), 'ArrowUp')).toBe(idx(1)); // nothing above: stays
    expect(neighbour(cells, 0, 'ArrowLeft')).toBe(0);
    expect(neighbour(cells, cells.length - 1, 'ArrowRight')).toBe(cells.length - 1);
  });

  it('lays out 5,000 servers with every cell findable', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => i + 1);
    const big = layoutMap([{ label: 'all', ids }], spansOf(new Map(ids.map((i) => [i, i % 7]))), 1400);
    const index = buildIndex(big);
    expect(big.cells).toHaveLength(5000);
    expect(big.cells.every((c, i) => hitTest(index, c.x + 1, c.y + 1) === i)).toBe(true);
  });
});
