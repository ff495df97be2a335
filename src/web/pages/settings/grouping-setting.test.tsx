// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationSettingsKeys } from '../../api/notification-settings';
import { sessionKeys } from '../../api/session';
import { setCsrfToken } from '../../app/session';
import { GroupingSetting } from './grouping-setting';

const USER = { id: 5, first_name: 'Ada', last_name: 'L', email: 'ada@example.com', nick_name: '', country_code: null, phone_number: null, role: 2, role_text: 'Manager', is_account_owner: false, is_account_manager: false, avatar_url: '', url: '' };
afterEach(() => (cleanup(), vi.unstubAllGlobals(), setCsrfToken(null)));

function setup(role: number) {
  const puts: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
    puts.push(String(init.body));
    return new Response(JSON.stringify({ group_wait_s: 120, external_alert_users: [{ id: 1, sendemail: true, sendsms: false, pushnotification: false }], external_alert_interval: 10, external_escalation_policy: null }));
  }));
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(sessionKeys.current, { user: { ...USER, role }, csrf_token: 't' });
  qc.setQueryData(notificationSettingsKeys.all, { group_wait_s: 30, external_alert_users: [], external_alert_interval: 10, external_escalation_policy: null });
  setCsrfToken('t');
  render(
    <QueryClientProvider client={qc}>
      <GroupingSetting />
    </QueryClientProvider>,
  );
  return puts;
}

describe('GroupingSetting', () => {
  it('lets a Manager change the window, checked before it is sent', async () => {
    const puts = setup(2);
    const panel = screen.getByRole('region', { name: 'Notification grouping' });
    const field = within(panel).getByLabelText('Group window (seconds)') as HTMLInputElement;
    expect(field.value).toBe('30');
    fireEvent.change(field, { target: { value: '7200' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save grouping' }));
    expect(within(panel).getByRole('alert').textContent).toBe('group_wait_s must be between 0 and 3600');
    expect(puts).toHaveLength(0);
    fireEvent.change(field, { target: { value: '120' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save grouping' }));
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('Saved.'));
    expect(puts).toEqual(['group_wait_s=120']);
  });

  it('only tells a Regular user the window', () => {
    setup(3);
    expect(screen.queryByRole('button', { name: 'Save grouping' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Notification grouping' }).textContent).toContain('within 30 s of each other');
  });
});
