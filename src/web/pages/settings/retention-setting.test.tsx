// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RETENTION_DAYS, RETENTION_CATEGORIES, type Retention } from '../../../shared/retention';
import { retentionKeys } from '../../api/retention';
import { sessionKeys } from '../../api/session';
import { setCsrfToken } from '../../app/session';
import { RetentionSetting } from './retention-setting';

const USER = { id: 5, first_name: 'Ada', last_name: 'L', email: 'ada@example.com', nick_name: '', country_code: null, phone_number: null, role: 2, role_text: 'Manager', is_account_owner: false, is_account_manager: false, avatar_url: '', url: '' };
const DATA: Retention = {
  retention: DEFAULT_RETENTION_DAYS,
  defaults: DEFAULT_RETENTION_DAYS,
  usage: RETENTION_CATEGORIES.map((category) => ({ category, keep_days: DEFAULT_RETENTION_DAYS[category], rows: 10, bytes: 2048, growth_per_day: 1024 })),
  store: { kind: 'sqlite', total_bytes: 1024 ** 2, wal_bytes: 0, free_bytes: 1024 ** 3 },
};
afterEach(() => (cleanup(), vi.unstubAllGlobals(), setCsrfToken(null)));

function setup(user: Partial<typeof USER>) {
  const puts: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
    puts.push(String(init.body));
    return new Response(JSON.stringify({ ...DATA, retention: { ...DATA.retention, minute: 7 } }));
  }));
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(sessionKeys.current, { user: { ...USER, ...user }, csrf_token: 't' });
  qc.setQueryData(retentionKeys.all, DATA);
  setCsrfToken('t');
  render(
    <QueryClientProvider client={qc}>
      <RetentionSetting />
    </QueryClientProvider>,
  );
  return { puts, panel: screen.getByRole('region', { name: 'Data retention' }) };
}

describe('RetentionSetting', () => {
  it('lets the account owner change a retention, checked before it is sent, and sends only what changed', async () => {
    const { puts, panel } = setup({ is_account_owner: true });
    const minute = within(panel).getByLabelText('Minute series: days kept') as HTMLInputElement;
    expect(minute.value).toBe('30');
    fireEvent.change(minute, { target: { value: '0' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save retention' }));
    expect(within(panel).getByRole('alert').textContent).toBe('minute must be between 1 and 400');
    expect(puts).toHaveLength(0);
    fireEvent.change(minute, { target: { value: '7' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save retention' }));
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('Saved.'));
    expect(puts).toEqual(['minute=7']);
  });

  it('keeps a category forever with its box, never by typing 0; unticking gives days back to edit', async () => {
    const { puts, panel } = setup({ is_account_owner: true });
    // Minute series cannot be kept forever: no box.
    expect(within(panel).queryByRole('checkbox', { name: 'Minute series: keep forever' })).toBeNull();
    const histories = within(panel).getByRole('checkbox', { name: 'Alert histories: keep forever' }) as HTMLInputElement;
    const historyDays = within(panel).getByLabelText('Alert histories: days kept') as HTMLInputElement;
    expect(histories.checked).toBe(true);
    expect(historyDays.disabled).toBe(true);
    expect(historyDays.value).toBe('');
    fireEvent.click(histories);
    expect(historyDays.disabled).toBe(false);
    expect(historyDays.value).toBe('365');
    fireEvent.change(historyDays, { target: { value: '730' } });
    const hours = within(panel).getByRole('checkbox', { name: 'Hour series: keep forever' }) as HTMLInputElement;
    expect(hours.checked).toBe(false);
    fireEvent.click(hours);
    expect((within(panel).getByLabelText('Hour series: days kept') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(panel).getByRole('button', { name: 'Save retention' }));
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('Saved.'));
    expect(puts).toEqual(['hour=0&alert_histories=730']);
  });

  it.each([
    ['a Manager', { role: 2 }],
    ['a Regular user', { role: 3 }],
  ])('shows %s the table read-only, sizes and free disk included', (_who, user) => {
    const { panel } = setup(user);
    expect(within(panel).queryByRole('button', { name: 'Save retention' })).toBeNull();
    expect(within(panel).queryByRole('textbox')).toBeNull();
    const row = within(panel).getByRole('row', { name: /Minute series/ });
    expect(row.textContent).toContain('30 days');
    expect(row.textContent).toContain('2.0 KB');
    expect(within(panel).getByRole('row', { name: /Alert histories/ }).textContent).toContain('forever');
    expect(within(panel).getByTestId('store-size').textContent).toContain('free disk 1.0 GB');
    expect(panel.textContent).toContain('needs the account owner');
  });
});
