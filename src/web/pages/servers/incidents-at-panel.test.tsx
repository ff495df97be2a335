// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { IncidentsAtList } from './incidents-at-panel';

afterEach(cleanup);
const at = 1_700_000_040; // 2023-11-14 22:14 UTC
const h = (id: number, alert_id: number, end: number | null, subject = '') => ({ id, alert_id, alert_name: '', alert_type: 'Server', start: at - 600, end, subject, message: '', servers: [], server_id: null, url: '' });

describe('IncidentsAtList', () => {
  it('lists each incident with its history and alert links', () => {
    render(
      <MemoryRouter>
        <IncidentsAtList at={at} incidents={[h(4, 9, null, 'CPU above 90%'), h(5, 10, at + 300)]} alertNames={new Map([[9, 'High CPU']])} search="range=6h" />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'Alerts in incident at 2023-11-14 22:14 UTC' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'CPU above 90%' }).getAttribute('href')).toBe('/incidents/4?range=6h');
    expect(within(items[0]!).getByRole('link', { name: 'High CPU' }).getAttribute('href')).toBe('/alerts/9');
    expect(within(items[0]!).getByText('open')).toBeTruthy();
    expect(within(items[1]!).getByRole('link', { name: 'Incident #5' })).toBeTruthy();
    expect(within(items[1]!).getByRole('link', { name: '#10' })).toBeTruthy();
    expect(items[1]!.textContent).toContain('until 2023-11-14 22:19');
  });
  it('says so when nothing was in incident', () => {
    render(<MemoryRouter><IncidentsAtList at={at} incidents={[]} alertNames={new Map()} search="" /></MemoryRouter>);
    expect(screen.getByText(/No alert of this server was in incident at 2023-11-14 22:14 UTC/)).toBeTruthy();
  });
});
