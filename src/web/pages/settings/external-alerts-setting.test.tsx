// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { escalationKeys } from '../../api/escalation-policies';
import { notificationSettingsKeys } from '../../api/notification-settings';
import { sessionKeys } from '../../api/session';
import { setCsrfToken } from '../../app/session';
import { ExternalAlertsSetting } from './external-alerts-setting';

const USER = { id: 5, first_name: 'Ada', last_name: 'L', email: 'ada@example.com', nick_name: '', country_code: null, phone_number: null, role: 2, role_text: 'Manager', is_account_owner: false, is_account_manager: false, avatar_url: '', url: '' };
const SETTINGS = { group_wait_s: 30, external_alert_users: [], external_alert_interval: 10, external_escalation_policy: null };
const POLICY = { id: 4, name: 'Night <ops>', steps: [{ delay_minutes: 0, targets: { users: [5], schedules: [], channels: [] } }], repeat: 0, alerts: [], created: 1 };
afterEach(() => (cleanup(), vi.unstubAllGlobals(), setCsrfToken(null)));

function setup(role: number, settings: Record<string, unknown> = SETTINGS) {
  const puts: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
    puts.push(String(init.body));
    return new Response(JSON.stringify({ ...SETTINGS, external_escalation_policy: 4 }));
  }));
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(sessionKeys.current, { user: { ...USER, role }, csrf_token: 't' });
  qc.setQueryData(notificationSettingsKeys.all, settings);
  qc.setQueryData(escalationKeys.list(), [POLICY]);
  setCsrfToken('t');
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ExternalAlertsSetting />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return puts;
}

describe('ExternalAlertsSetting', () => {
  it('lets a Manager pick the escalation policy Prometheus alerts walk', async () => {
    const puts = setup(2);
    const panel = screen.getByRole('region', { name: 'Prometheus alerts' });
    const select = within(panel).getByLabelText('Escalation policy') as HTMLSelectElement;
    expect(select.value).toBe('0');
    expect([...select.options].map((o) => o.textContent)).toEqual(['None: e-mail the named users', 'Night <ops>']);
    fireEvent.change(select, { target: { value: '4' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('Saved.'));
    expect(puts).toEqual(['external_escalation_policy=4&external_alert_interval=10']);
  });

  it('tells a Regular user which policy they walk, as text', () => {
    setup(3, { ...SETTINGS, external_escalation_policy: 4 });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Prometheus alerts' }).textContent).toContain('walk the escalation policy "Night <ops>"');
  });
});
