// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListedIncident } from './incident-cells';
import type { IncidentRow } from './incident-rows';
import { IncidentsTable } from './incidents-table';

const NOW = 1_800_000_000;
const base: ListedIncident = { id: 1, alert_id: 3, start: NOW - 5400, end: null, subject: '', acknowledged_by: null, acknowledged_at: null, silenced: false };
const LONG = 'CPU above 90% on app-02 '.repeat(12).trim();
const rows: IncidentRow<ListedIncident>[] = [
  { history: { ...base, id: 1, subject: LONG }, alertName: 'CPU high', servers: [{ id: 2, name: 'app-02' }], target: 'app-02', targetPath: '/servers/2' },
  { history: { ...base, id: 2, subject: 'Disk full', start: NOW - 7200, end: NOW - 3600, acknowledged_by: 5, acknowledged_at: NOW - 7000 }, alertName: 'Disk', servers: [{ id: 1, name: 'web-01' }], target: 'web-01', targetPath: '/servers/1' },
  { history: { ...base, id: 3, subject: 'Tag app', acknowledged_by: 5, acknowledged_at: NOW - 60, silenced: true }, alertName: 'App CPU', servers: [1, 2, 3, 4].map((id) => ({ id, name: `s-${id}` })), target: 'tag app', targetPath: null },
];

function renderList() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <IncidentsTable rows={rows} caption="Incidents open now" now={NOW} search="" nameOf={(u) => (u === 5 ? 'Ada Lovelace' : undefined)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getAllByRole('listitem').filter((li) => li.closest('ul')?.getAttribute('aria-label') === 'Incidents open now');
}

/** A card's fields as term → description. */
const fields = (card: HTMLElement) => Object.fromEntries([...card.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

afterEach(cleanup);

describe('IncidentsTable on a phone: cards', () => {
  it('shows state, start, duration and server in every card', () => {
    const cards = renderList();
    expect(cards).toHaveLength(3);
    expect(fields(cards[0]!)).toEqual({ State: 'Open', 'Started (UTC)': '2027-01-15 06:30', Duration: '1.5 h', Server: 'app-02' });
    expect(fields(cards[1]!)).toEqual({ State: 'Ended 2027-01-15 07:00', 'Started (UTC)': '2027-01-15 06:00', Duration: '1.0 h', Server: 'web-01' });
    expect(fields(cards[2]!).Server).toBe('4 servers');
    const server = [...cards[0]!.querySelectorAll('dd')].at(-1)!;
    expect(within(server).getByRole('link', { name: 'app-02' }).getAttribute('href')).toBe('/servers/2');
  });

  it('clamps a long subject to three lines and links it to the incident', () => {
    const subject = within(renderList()[0]!).getByRole('link', { name: LONG });
    expect(subject.getAttribute('href')).toBe('/incidents/1');
    expect(subject.className).toContain('line-clamp-3');
    expect(subject.className).toContain('break-words');
  });

  it('keeps the acknowledgement: the button on an open unacknowledged incident, who has it otherwise', () => {
    const [open, ended, acked] = renderList();
    expect(within(open!).getByRole('button', { name: `Acknowledge ${LONG}` })).toBeTruthy();
    expect(within(ended!).getByText('Acknowledged by Ada Lovelace')).toBeTruthy();
    expect(within(acked!).getByText('Acknowledged by Ada Lovelace')).toBeTruthy();
    expect(within(acked!).getByText('silenced')).toBeTruthy();
    // Un-acknowledge stays on the incident page; a card offers no button once someone has it.
    expect(within(acked!).queryByRole('button')).toBeNull();
  });

  it('shows the table from the sm breakpoint and the cards below it', () => {
    renderList();
    expect(screen.getByRole('table', { name: 'Incidents open now' }).parentElement!.className).toMatch(/\bhidden\b.*\bsm:block\b/);
    expect(screen.getByRole('list', { name: 'Incidents open now' }).parentElement!.className).toBe('sm:hidden');
  });
});
