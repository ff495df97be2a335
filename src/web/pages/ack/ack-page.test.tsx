// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import AckPage from './ack-page';
import { ackFailure, ackOffer, historyOfToken } from './ack-view';

afterEach(() => (cleanup(), vi.unstubAllGlobals()));
const now = Math.floor(Date.now() / 1000);
const INFO = { alert_history_id: 7, subject: 'CPU high on web-01', start: 1_700_000_000, end: null, acknowledged_by: null, acknowledged_at: null, expires: now + 86400 };

/** The page at /ack/<token> with no session at all, the service answering GET and POST as given. */
function open(get: { status?: number; body: unknown }, post: { status?: number; body: unknown } = { body: { result: 'Success' } }, token = 'tok-1') {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push(`${init.method} ${url}`);
    const a = init.method === 'POST' ? post : get;
    return new Response(JSON.stringify(a.body), { status: a.status ?? 200 });
  }));
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[`/ack/${token}`]}>
        <Routes>
          <Route path="/ack/:token" element={<AckPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe('AckPage', () => {
  it('shows what the link names without acting, then acknowledges on Confirm', async () => {
    const calls = open({ body: INFO });
    expect(await screen.findByText('CPU high on web-01')).toBeTruthy();
    expect(calls).toEqual(['GET /api/v5/ack/tok-1/']);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: I have it' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Acknowledged/);
    expect(calls).toEqual(['GET /api/v5/ack/tok-1/', 'POST /api/v5/ack/tok-1/']);
    expect(screen.queryByRole('button', { name: 'Confirm: I have it' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the incident in Fleetwatch' }).getAttribute('href')).toBe('/incidents/7');
  });

  it('says a used link is used, in the service\'s words, and still leads to the incident it names', async () => {
    const used = 'this acknowledge link was already used at 2026-11-27 20:12:12 UTC';
    open({ status: 409, body: { error: { status: 409, message: used, field: 'token' } } }, undefined, 'a1.1.42.5.1800000000.bm9uY2U.c2ln');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`This link was already used${used}`);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the incident in Fleetwatch' }).getAttribute('href')).toBe('/incidents/42');
  });

  it('offers no incident link when a refused token names none', async () => {
    open({ status: 400, body: { error: { status: 400, message: 'this acknowledge link is not valid (damaged or forged)', field: 'token' } } }, undefined, 'garbage');
    expect((await screen.findByRole('alert')).textContent).toContain('This link is not valid');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says a link used in another tab meanwhile is used when Confirm is refused', async () => {
    open({ body: INFO }, { status: 410, body: { error: { status: 410, message: 'this acknowledge link has expired' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm: I have it' }));
    expect((await screen.findByRole('alert')).textContent).toContain('this acknowledge link has expired');
  });

  it('offers nothing on an ended incident or an expired link', async () => {
    open({ body: { ...INFO, end: INFO.start + 600 } });
    expect((await screen.findByText(/This incident has ended/)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('ackFailure and ackOffer', () => {
  it.each([
    [new ApiError(410, 'this link was already used'), 'This link no longer works'],
    [new ApiError(400, 'the token is not valid'), 'This link is not valid'],
    [new ApiError(404, 'no such incident'), 'This link is not valid'],
    [new ApiError(409, 'the incident has ended'), 'Nothing to acknowledge'],
    [new ApiError(409, 'this acknowledge link was already used at 2026-11-27 20:12:12 UTC'), 'This link was already used'],
    [new ApiError(0, 'the service cannot be reached'), 'Fleetwatch cannot be reached'],
    [new ApiError(500, 'boom'), 'Something went wrong'],
  ])('%s', (e, title) => expect(ackFailure(e).title).toBe(title));
  it('reads the incident a token names, or none', () => {
    expect(historyOfToken('a1.3.42.5.1800000000.bm9uY2U.c2ln')).toBe(42);
    for (const t of ['tok-1', 'a1.x.42.5', 'a2.3.42.5.1.n.s', '']) expect(historyOfToken(t)).toBeNull();
  });
  it.each([
    [{ end: null, expires: 200 }, 'confirm'],
    [{ end: 50, expires: 200 }, 'resolved'],
    [{ end: null, expires: 100 }, 'expired'],
  ] as const)('%j', (info, want) => expect(ackOffer(info, 100)).toBe(want));
});
