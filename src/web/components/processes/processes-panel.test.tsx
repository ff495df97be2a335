// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProcessItem } from '../../../shared/telemetry';
import { ProcessesPanel } from './processes-panel';

afterEach(cleanup);
const at = 1_700_000_040; // 2023-11-14 22:14 UTC
const p = (pid: number, name: string, args: string | null, server_id = 3): ProcessItem => ({ uid: `${server_id}_${pid}_1699990000`, pid: String(pid), create_time: '1699990000', name, args, server_id });
const rows = [p(10, 'nginx', 'master process'), p(11, 'nginx', 'worker process', 4), p(20, 'postgres', null)];

function show(props: Partial<Parameters<typeof ProcessesPanel>[0]> = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ProcessesPanel query={{ data: rows, error: null, isPending: false }} at={null} onClearMinute={() => {}} search="range=6h" caption="Processes" {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('table', { name: 'Processes' });
}

describe('ProcessesPanel', () => {
  it('lists the processes running now, linking each at the range, and filters by name or arguments', () => {
    const table = show();
    expect(screen.getByRole('heading', { name: 'Processes running now' })).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'PID', 'Started', 'Arguments']);
    expect(within(table).getAllByRole('link', { name: 'nginx' })[0]!.getAttribute('href')).toBe('/processes/3_10_1699990000?range=6h');
    fireEvent.change(screen.getByLabelText('Filter processes'), { target: { value: 'WORKER' } });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Filter processes'), { target: { value: 'redis' } });
    expect(screen.getByText('No processes running now.')).toBeTruthy();
  });

  it('at a picked minute, links processes at that minute, adds the server column on request and clears the minute', () => {
    let cleared = false;
    const table = show({ at, withServer: true, onClearMinute: () => (cleared = true) });
    expect(screen.getByRole('heading', { name: 'Processes at 2023-11-14 22:14 UTC' })).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toContain('Server');
    expect(within(table).getByRole('link', { name: 'postgres' }).getAttribute('href')).toBe(`/processes/3_20_1699990000?range=6h&at=${at}`);
    fireEvent.click(screen.getByRole('button', { name: 'Show now' }));
    expect(cleared).toBe(true);
  });
});
