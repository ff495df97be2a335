// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyDraft, type AlertDraft } from './alert-draft';
import { AlertForm } from './alert-form';
import { BACKTEST_DEBOUNCE_MS } from './backtest-panel';

const NOW = 1_800_000_000;
const DRAFT: AlertDraft = { ...emptyDraft(), name: 'CPU web-01', type: 'Server', target_id: '1', trigger_type: 'CPU', threshold: '', users: [{ id: 1, sendemail: true, sendsms: false, pushnotification: false }] };
const EMPTY_PAGE = { data: [], pagination: { count: 0, next: null, previous: null } };

/** The replays the form asked for, as the form fields they sent; every other call answers an empty page. */
function network() {
  const backtests: URLSearchParams[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    if (url.startsWith('/api/v5/alerts/backtest/')) {
      backtests.push(new URLSearchParams(String(init.body)));
      return new Response(JSON.stringify({ incidents: [], evaluated_minutes: 10_080, skipped_minutes_maintenance: 0, notifications: 0, start: NOW - 7 * 86_400, end: NOW }));
    }
    return new Response(JSON.stringify(EMPTY_PAGE));
  }));
  return backtests;
}

function renderForm(initial: AlertDraft) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <AlertForm initial={initial} creating={false} onSubmit={() => undefined} pending={false} error={null} targetLabel="web-01" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Lets virtual time pass (timers, then the promises they start). */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Lets virtual time pass in small steps until `ok` holds (a response parsed, a state rendered). */
async function until(ok: () => boolean) {
  for (let i = 0; i < 500 && !ok(); i++) await pass(10);
  expect(ok()).toBe(true);
}
const backtestText = () => screen.getByRole('region', { name: 'Backtest' }).textContent ?? '';

// The chart under a Server alert's backtest sizes itself to its box; jsdom has no layout.
globalThis.ResizeObserver ??= class { observe() {} disconnect() {} unobserve() {} } as never;

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
afterEach(() => (cleanup(), vi.useRealTimers(), vi.unstubAllGlobals()));

describe('BacktestPanel in the alert form', () => {
  it('runs nothing while the threshold is empty, and says what is missing', async () => {
    const backtests = network();
    renderForm(DRAFT);
    await pass(BACKTEST_DEBOUNCE_MS * 4);
    expect(backtests).toHaveLength(0);
    expect(backtestText()).toContain('Enter a threshold to see how often this alert would have fired.');
    expect(backtestText()).not.toMatch(/would (not )?have fired in/);
  });

  it('replays once the draft is complete and edits rest, with the last value typed', async () => {
    const backtests = network();
    renderForm(DRAFT);
    const threshold = screen.getByLabelText('Threshold');
    fireEvent.change(threshold, { target: { value: '9' } });
    await pass(BACKTEST_DEBOUNCE_MS / 2);
    fireEvent.change(threshold, { target: { value: '95' } });
    await pass(BACKTEST_DEBOUNCE_MS / 2);
    expect(backtests).toHaveLength(0);
    await pass(BACKTEST_DEBOUNCE_MS);
    expect(backtests).toHaveLength(1);
    expect(backtests[0]!.get('threshold')).toBe('95');
    expect(backtests[0]!.has('subscribers')).toBe(false);
    await until(() => backtestText().includes('This alert would not have fired in 7 days.'));
    expect(backtestText()).not.toContain('replaying');

    // The name does not change a replay: nothing runs again.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'CPU of web-01' } });
    await pass(BACKTEST_DEBOUNCE_MS * 2);
    expect(backtests).toHaveLength(1);

    // Emptied again: no result of the old value stays, and nothing runs.
    fireEvent.change(threshold, { target: { value: '' } });
    expect(backtestText()).toContain('Enter a threshold to see how often this alert would have fired.');
    expect(backtestText()).not.toContain('would not have fired');
    await pass(BACKTEST_DEBOUNCE_MS * 2);
    expect(backtests).toHaveLength(1);
  });

  it('names the invalid field by the shared schema instead of replaying', async () => {
    const backtests = network();
    renderForm({ ...DRAFT, threshold: '12.5' });
    await pass(BACKTEST_DEBOUNCE_MS * 2);
    expect(backtests).toHaveLength(0);
    expect(backtestText()).toContain('Correct the threshold to see how often this alert would have fired: threshold must be an integer for CPU alerts (decimals only for Disk).');
  });

  it.each([
    [{ target_id: '' }, 'Choose a target to see how often this alert would have fired.'],
    [{ threshold: '90', users: [] }, 'Choose a user to notify to see how often this alert would have fired.'],
    [{ threshold: '90', interval: '' }, 'Correct the repeat interval to see how often this alert would have fired: interval must be'],
  ])('asks for what is missing: %j', (patch, message) => {
    network();
    renderForm({ ...DRAFT, ...patch });
    expect(backtestText()).toContain(message);
  });
});
