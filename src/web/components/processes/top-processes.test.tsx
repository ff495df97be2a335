// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SummaryRecord } from '../../api/processes';
import { TopProcesses } from './top-processes';

afterEach(cleanup);
const at = 1_794_492_000; // 2026-11-12 14:00 UTC
const rec = (pid: number, name: string, cpu: number, memory = 1e6): SummaryRecord => ({ uid: `6_${pid}_1794000000`, name, args: `/usr/bin/${name}`, time: at, cpu, memory, thread_num: pid });
const records = [...Array.from({ length: 14 }, (_, i) => rec(i + 1, `p${i + 1}`, i / 10, (14 - i) * 1e6)), rec(99, 'java', 82.3, 9e9)];

function show(data: SummaryRecord[] | undefined = records) {
  render(
    <MemoryRouter>
      <TopProcesses query={{ data, error: null, isPending: data === undefined }} at={at} search="range=6h" />
    </MemoryRouter>,
  );
}
const names = () => within(screen.getByRole('table')).getAllByRole('row').slice(1).map((r) => within(r).getByRole('link').textContent);

describe('TopProcesses', () => {
  it('shows the top 10 by CPU, the busiest first with its CPU, linked at the minute, and all on a click', () => {
    show();
    expect(screen.getByRole('heading', { name: 'Top processes at 2026-11-12 14:00 UTC' })).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(11);
    expect(within(rows[1]!).getByRole('link').textContent).toBe('java');
    expect(rows[1]!.textContent).toContain('82%');
    expect(within(rows[1]!).getByRole('link').getAttribute('href')).toBe(`/processes/6_99_1794000000?range=6h&at=${at}`);
    expect(screen.getByRole('columnheader', { name: /CPU/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Show all 15' }));
    expect(names()).toHaveLength(15);
    fireEvent.click(screen.getByRole('button', { name: 'Show the top 10' }));
    expect(names()).toHaveLength(10);
  });

  it('sorts by a clicked column and flips on a second click', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: /^Memory/ }));
    expect(names().slice(0, 2)).toEqual(['java', 'p1']);
    fireEvent.click(screen.getByRole('button', { name: /^Memory/ }));
    expect(names()[0]).toBe('p14');
    expect(screen.getByRole('columnheader', { name: /Memory/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('filters, and says when the minute has no usage', () => {
    show();
    fireEvent.change(screen.getByLabelText('Filter top processes'), { target: { value: 'bin/p1' } });
    expect(names()).toEqual(['p14', 'p13', 'p12', 'p11', 'p10', 'p1']);
    cleanup();
    show([]);
    expect(screen.getByText('No process usage recorded in that minute.')).toBeTruthy();
  });
});
