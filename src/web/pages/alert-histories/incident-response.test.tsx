// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimelineEvent } from '../../../shared/incident-response';
import { alertHistoryKeys, useAlertHistory } from '../../api/alert-histories';
import type { IncidentHistory } from '../../api/history-item';
import { incidentResponseKeys } from '../../api/incident-response';
import { sessionKeys } from '../../api/session';
import { setCsrfToken } from '../../app/session';
import { AckBar } from './ack-bar';
import { IncidentEvents } from './incident-events';
import { SilencePanel } from './silence-panel';

const USER = { id: 5, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', nick_name: '', country_code: null, phone_number: null, role: 2, role_text: 'Manager', is_account_owner: false, is_account_manager: false, avatar_url: '', url: '' };
const HISTORY: IncidentHistory = { id: 7, start: 1_700_000_000, end: null, alert_id: 3, alert_name: 'CPU', alert_type: 'Server', subject: 'CPU high on web-01', message: '', url: '', acknowledged_by: null, acknowledged_at: null, silenced: false, servers: [], server_id: null };
const names = new Map([[5, 'Ada Lovelace']]);

type Call = { url: string; method: string; body: string | null; csrf: string | null };
/** The network as the browser sees it: each call recorded, answered by `answer`. */
function network(answer: (c: Call) => { status?: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const c = { url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? init.body : null, csrf: headers['X-CSRF-Token'] ?? null };
    calls.push(c);
    const a = answer(c);
    return new Response(JSON.stringify(a.body), { status: a.status ?? 200 });
  }));
  return calls;
}

function setup(ui: ReactNode, role = 2, seed: (qc: QueryClient) => void = () => undefined, url = '/') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(sessionKeys.current, { user: { ...USER, role }, csrf_token: 't' });
  setCsrfToken('t');
  seed(qc);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return qc;
}

afterEach(() => (cleanup(), vi.unstubAllGlobals(), setCsrfToken(null)));

function CachedAckBar() {
  const h = useAlertHistory(7);
  return h.data ? <AckBar history={h.data} nameOf={(u) => names.get(u)} /> : null;
}

describe('AckBar', () => {
  it('acknowledges in one tap, then says who has it and offers to un-acknowledge', async () => {
    const calls = network((c) => ({ body: c.url.endsWith('/acknowledge/') ? { ...HISTORY, acknowledged_by: 5, acknowledged_at: Math.floor(Date.now() / 1000) } : { data: [] } }));
    setup(<CachedAckBar />, 3, (qc) => qc.setQueryData(alertHistoryKeys.detail(7), HISTORY));
    expect(screen.getByRole('status').textContent).toBe('Nobody has acknowledged this incident yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByRole('button', { name: 'Un-acknowledge' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Acknowledged by Ada Lovelace just now');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/v5/alert_histories/7/acknowledge/');
    expect(post.csrf).toBe('t');
  });

  it('opened from a channel\'s Acknowledge link (?acknowledge=1), asks for the one tap with the button focused, and acknowledges nothing by itself', async () => {
    const calls = network(() => ({ body: { data: [] } }));
    setup(<CachedAckBar />, 3, (qc) => qc.setQueryData(alertHistoryKeys.detail(7), HISTORY), '/incidents/7?acknowledge=1');
    expect(screen.getByText(/You followed an Acknowledge link/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Acknowledge' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    cleanup();
    // Without the parameter, or on an acknowledged incident, no prompt.
    setup(<CachedAckBar />, 3, (qc) => qc.setQueryData(alertHistoryKeys.detail(7), { ...HISTORY, acknowledged_by: 5, acknowledged_at: 1 }), '/incidents/7?acknowledge=1');
    expect(screen.queryByText(/You followed an Acknowledge link/)).toBeNull();
  });

  it('shows the refusal of an incident that ended meanwhile, and no button on an ended one', async () => {
    network(() => ({ status: 409, body: { error: { status: 409, message: 'the incident has ended' } } }));
    setup(<CachedAckBar />, 3, (qc) => qc.setQueryData(alertHistoryKeys.detail(7), HISTORY));
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    expect((await screen.findByRole('alert')).textContent).toBe('the incident has ended');
    cleanup();
    setup(<CachedAckBar />, 3, (qc) => qc.setQueryData(alertHistoryKeys.detail(7), { ...HISTORY, end: HISTORY.start + 60, silenced: true }));
    expect(screen.queryByRole('button', { name: /cknowledge/ })).toBeNull();
    expect(screen.getByText('Silenced: no e-mail, SMS or push')).toBeTruthy();
  });
});

describe('IncidentEvents', () => {
  const events: TimelineEvent[] = [
    { kind: 'triggered', at: 1_700_000_000, subject: 'CPU high', value: 97, detail: 'CPU > 90' },
    { kind: 'notification', at: 1_700_000_010, channel: 'email', recipient: 'ada@example.com', event: 'TRIGGERED', outcome: 'sent', attempts: 1, error: null, delivery_id: 'd', group_size: 3 },
    { kind: 'note', at: 1_700_000_100, id: 1, text: '<img src=x onerror="alert(1)"> disk full', user_id: 5, user_name: null },
  ];

  it('lists the events in order, a note as text, and adds a note through the API', async () => {
    let list = events;
    const calls = network((c) => {
      if (c.method === 'POST') list = [...list, { kind: 'note', at: 1_700_000_200, id: 2, text: 'rebooted', user_id: 5, user_name: 'Ada Lovelace' }];
      return { body: c.method === 'POST' ? { id: 2 } : { data: list } };
    });
    setup(<IncidentEvents id={7} nameOf={(u) => names.get(u)} />, 3, (qc) => qc.setQueryData(incidentResponseKeys.timeline(7), events));
    const items = within(screen.getByRole('list', { name: 'Timeline of the incident' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      '▲2023-11-14 22:13 UTCTriggered at value 97CPU > 90',
      '✉2023-11-14 22:13 UTCE-mail (triggered) to ada@example.com: sentone message telling 3 incidents',
      '✎2023-11-14 22:15 UTCNote by Ada Lovelace<img src=x onerror="alert(1)"> disk full',
    ]);
    expect(document.querySelector('img')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByRole('alert').textContent).toBe('text must not be empty');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'rebooted' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('rebooted')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/v5/alert_histories/7/notes/', body: 'text=rebooted' });
    await waitFor(() => expect((screen.getByLabelText('Note') as HTMLTextAreaElement).value).toBe(''));
  });
});

describe('SilencePanel', () => {
  it('is not there for a Regular user', () => {
    setup(<SilencePanel history={HISTORY} />, 3);
    expect(screen.queryByRole('region', { name: 'Silence this alert' })).toBeNull();
  });

  it('silences the alert for 1 h with the reason prefilled, for a Manager', async () => {
    const now = Math.floor(Date.now() / 1000);
    const calls = network(() => ({ body: { id: 4, alerts: [3], servers: [], server_tags: [], server_sets: [], alert_name: '', matchers: [], start: now, end: now + 3600, reason: 'r', created_by: 5, created: now, state: 'active', url: '/api/v5/silences/4/' } }));
    setup(<SilencePanel history={HISTORY} />, 2);
    const panel = screen.getByRole('region', { name: 'Silence this alert' });
    expect((within(panel).getByLabelText('Reason') as HTMLInputElement).value).toBe('Silenced from incident #7: CPU high on web-01');
    expect(within(panel).getByRole('button', { name: 'Silence until tomorrow 09:00' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Silence for 1 h' }));
    expect((await within(panel).findByRole('status')).textContent).toMatch(/^Silenced until .* UTC\. See the silences$/);
    const post = calls[0]!;
    expect(post).toMatchObject({ url: '/api/v5/silences/', method: 'POST' });
    expect(JSON.parse(post.body!)).toEqual({ alerts: [3], reason: 'Silenced from incident #7: CPU high on web-01', duration: 3600 });
  });
});
