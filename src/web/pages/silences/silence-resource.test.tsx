// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Silence } from '../../../shared/incident-response';
import { incidentKeys } from '../../api/incidents';
import { serverKeys } from '../../api/servers';
import { serverTagKeys } from '../../api/server-tags';
import { sessionKeys } from '../../api/session';
import { silenceKeys } from '../../api/silences';
import { setCsrfToken } from '../../app/session';
import EditableListPage from '../resources/editable-list-page';
import { silenceResource } from './silence-resource';

const USER = { id: 5, first_name: 'Ada', last_name: 'L', email: 'ada@example.com', nick_name: '', country_code: null, phone_number: null, role: 2, role_text: 'Manager', is_account_owner: false, is_account_manager: false, avatar_url: '', url: '' };
const now = Math.floor(Date.now() / 1000);
const silence = (over: Partial<Silence>): Silence => ({ id: 1, alerts: [], servers: [], server_tags: [], server_sets: [], alert_name: '', matchers: [], start: now - 600, end: now + 3000, reason: '', created_by: 5, created: now - 600, state: 'active', url: '', ...over });
const SILENCES = [
  silence({ id: 1, state: 'expired', alerts: [11], start: now - 9000, end: now - 5000, reason: 'old reboot' }),
  silence({ id: 2, servers: [21], server_tags: [31], reason: 'switch swap' }),
];

afterEach(() => (cleanup(), vi.unstubAllGlobals(), setCsrfToken(null)));

function setup(role: number) {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    if (init.method === 'POST') posts.push({ url, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(init.method === 'POST' ? silence({ id: 3 }) : { pagination: { count: 0 }, data: [] }));
  }));
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(sessionKeys.current, { user: { ...USER, role }, csrf_token: 't' });
  setCsrfToken('t');
  qc.setQueryData(silenceKeys.list(), SILENCES);
  qc.setQueryData(incidentKeys.alerts, [{ id: 11, name: 'Disk full' }, { id: 12, name: 'CPU high' }]);
  qc.setQueryData(serverKeys.list(), [{ id: 21, hostname: 'web-01', nickname: '' }]);
  qc.setQueryData(serverTagKeys.list(), [{ id: 31, name: 'london', servers: [21] }]);
  qc.setQueryData(incidentKeys.sets, [{ id: 41, name: 'Core', servers: [21] }]);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <EditableListPage resource={silenceResource} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return posts;
}

describe('Silences page', () => {
  it('lists active silences first and keeps expired ones, naming what they match', async () => {
    setup(2);
    const rows = within(await screen.findByRole('table', { name: 'Silences' })).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toMatch(/^Active, \d+ min left.*servers: web-01; tags: london.*switch swap/);
    expect(rows[1]!.textContent).toMatch(/^Expired.*alerts: Disk full.*old reboot/);
  });

  it('is read-only for a Regular user', async () => {
    setup(3);
    expect(await screen.findByRole('table', { name: 'Silences' })).toBeTruthy();
    for (const name of ['New silence', 'Edit silence #2', 'Delete silence #2']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('creates a silence picked by names, refusing one that matches everything first', async () => {
    const posts = setup(2);
    fireEvent.click(await screen.findByRole('button', { name: 'New silence' }));
    const form = screen.getByRole('region', { name: 'New silence' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create silence' }));
    expect(within(form).getAllByRole('alert')[0]!.textContent).toBe('choose at least one alert, server, tag, set or alert name to silence');
    expect(posts).toHaveLength(0);
    fireEvent.click(within(form).getByRole('checkbox', { name: 'CPU high' }));
    fireEvent.change(within(form).getByLabelText('Duration'), { target: { value: '14400' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'kernel update' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create silence' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ url: '/api/v5/silences/', body: { alerts: [12], servers: [], server_tags: [], server_sets: [], alert_name: '', reason: 'kernel update', duration: 14400 } });
  });
});
