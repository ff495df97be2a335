// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HistoriesPage from './histories-page';

const T0 = 1_700_000_040;
const history = (id: number, alert_id: number) => ({
  id, alert_id, start: T0 + id * 60, end: null, alert_name: `cpu ${alert_id}`, alert_type: 'Server', subject: `Alert triggered: cpu ${alert_id}`,
  message: '', url: '', acknowledged_by: null, acknowledged_at: null, silenced: false, servers: [], server_id: null,
});
const HISTORIES = [history(1, 3), history(2, 4), history(3, 5)];
const paged = (data: unknown[]) => ({ pagination: { count: data.length, next: null, previous: null }, data });

/** The service as the page reads it: alert_histories honours `filter` (a JSON list of alert ids); other lists are empty. */
function network() {
  const calls: URL[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const u = new URL(url, 'http://fw.test');
    calls.push(u);
    if (!u.pathname.startsWith('/api/v5/alert_histories')) return new Response(JSON.stringify(paged([])));
    const filter = u.searchParams.get('filter');
    const ids = filter ? (JSON.parse(filter) as number[]) : null;
    return new Response(JSON.stringify(paged(HISTORIES.filter((h) => !ids || ids.includes(h.alert_id)))));
  }));
  return calls.filter.bind(calls);
}

function renderAt(url: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/incidents" element={<HistoriesPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const historyCalls = (calls: ReturnType<typeof network>) => calls((u) => u.pathname.startsWith('/api/v5/alert_histories'));
const subjects = (table: HTMLElement) => within(table).getAllByRole('link', { name: /^Alert triggered/ }).map((a) => a.textContent);

afterEach(() => (cleanup(), vi.unstubAllGlobals()));

describe('Incidents page filtered to alerts (a grouped e-mail\'s "and N more" link)', () => {
  it('asks the service for the alerts of `alerts` only, says so in a chip, and clears back to every incident', async () => {
    const calls = network();
    renderAt(`/incidents?view=range&from=${T0 - 60}&to=${T0 + 600}&alerts=5,3`);
    const table = await screen.findByRole('table', { name: 'Incidents' });
    await waitFor(() => expect(subjects(table)).toEqual(['Alert triggered: cpu 5', 'Alert triggered: cpu 3']));
    const chip = screen.getByRole('status');
    expect(chip.textContent).toBe('Filtered to 2 alerts—clear');
    // Every list the page asked for was the filtered one, within the link's range.
    expect(historyCalls(calls).length).toBeGreaterThan(0);
    for (const u of historyCalls(calls)) {
      expect(u.searchParams.get('filter')).toBe('[3,5]');
      expect(u.searchParams.get('start')).toBe(String(T0 - 60));
    }
    const clear = within(chip).getByRole('link', { name: 'clear' });
    expect(clear.getAttribute('href')).toBe(`/incidents?view=range&from=${T0 - 60}&to=${T0 + 600}`);

    fireEvent.click(clear);
    await waitFor(() => expect(subjects(screen.getByRole('table', { name: 'Incidents' }))).toHaveLength(3));
    expect(screen.queryByText(/Filtered to/)).toBeNull();
    expect(historyCalls(calls).some((u) => u.searchParams.get('filter') === null)).toBe(true);
  });

  it('narrows the open incidents too, and names one alert in the singular', async () => {
    const calls = network();
    renderAt('/incidents?alerts=4');
    const table = await screen.findByRole('table', { name: 'Incidents open now' });
    await waitFor(() => expect(subjects(table)).toEqual(['Alert triggered: cpu 4']));
    expect(screen.getByRole('status').textContent).toContain('Filtered to 1 alert—');
    for (const u of historyCalls(calls)) expect([u.searchParams.get('open'), u.searchParams.get('filter')]).toEqual(['true', '[4]']);
  });

  it('ignores an `alerts` that names no alert id', async () => {
    const calls = network();
    renderAt('/incidents?alerts=abc,0');
    const table = await screen.findByRole('table', { name: 'Incidents open now' });
    await waitFor(() => expect(subjects(table)).toHaveLength(3));
    expect(screen.queryByText(/Filtered to/)).toBeNull();
    for (const u of historyCalls(calls)) expect(u.searchParams.get('filter')).toBeNull();
  });
});
