// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../../shared/alerts';
import { alertQueries } from '../../api/alerts';
import { logQueries } from '../../api/logs';
import { polledQueries } from '../../api/polled-data';
import { serverQueries } from '../../api/servers';
import { serverTagQueries } from '../../api/server-tags';
import { sessionKeys } from '../../api/session';
import { TagsPanel } from '../servers/tags-panel';
import { emptyDraft } from './alert-draft';
import { AlertForm } from './alert-form';
import AlertsPage from './alerts-page';
import { rowMenu } from './alerts-table';

afterEach(cleanup);

const USER = {
  id: 5, first_name: 'Ada', last_name: 'L', email: 'ada@example.com', nick_name: 'adal', country_code: null, phone_number: null,
  role: 3, role_text: 'Regular', is_account_owner: false, is_account_manager: false, avatar_url: '', url: '',
};

const ALERT: Alert = {
  id: 1, name: 'CPU high', type: 'Server', target_id: 4, target: 'app-01', trigger: 'CPU above 90', trigger_type: 'CPU', active: true, direction: 'above',
  num_of_servers: 1, per_server: false, channels: [], escalation_policy: null, interval: 60, time_above_threshold: 5, threshold: 90, reg_exp: '', part_name: '', ip_details: '',
  last_triggered: null, in_incident: false, users: [], subscribers: null, window_length: 0, window_units: 'h', band_value: 2, threshold_type: 'static', url: '/api/v5/alerts/1/',
};

/** Renders with a signed-in user of `role` and the lists already loaded (nothing is fetched). */
function renderAs(role: 2 | 3, ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(sessionKeys.current, { user: { ...USER, role, role_text: role === 2 ? 'Manager' : 'Regular' }, csrf_token: 't' });
  qc.setQueryData(alertQueries.list().queryKey, [ALERT]);
  qc.setQueryData(logQueries.list().queryKey, []);
  qc.setQueryData(polledQueries.list().queryKey, []);
  qc.setQueryData(serverQueries.list().queryKey, []);
  qc.setQueryData(serverTagQueries.list().queryKey, [{ id: 7, name: 'web', servers: [4], url: '' }, { id: 8, name: 'db', servers: [], url: '' }]);
  qc.setQueryData(serverQueries.tags(4).queryKey, { id: 4, hostname: 'app-01', server_tags: [7], url: '' });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('controls a role may not use are not offered', () => {
  it('the alerts page: no New alert or Bulk edit for a Regular user, and it says why', async () => {
    renderAs(3, <AlertsPage />);
    expect(await screen.findByText(/1 of 1 alerts/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New alert' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Bulk edit' })).toBeNull();
    expect(screen.getByText('Read-only: changing this needs the Manager role.')).toBeTruthy();
  });

  it('the alerts page: New alert and Bulk edit for a Manager', async () => {
    renderAs(2, <AlertsPage />);
    expect(await screen.findByRole('link', { name: 'New alert' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bulk edit' })).toBeTruthy();
    expect(screen.queryByText(/Read-only/)).toBeNull();
  });

  it("an alert row's menu: only View without the write actions", () => {
    const open = () => undefined;
    expect(rowMenu(ALERT, { edit: open }).map((a) => a.label)).toEqual(['View']);
    expect(rowMenu(ALERT, { edit: open, setActive: open, remove: open }).map((a) => a.label)).toEqual(['Edit', 'Deactivate', 'Delete…']);
  });

  it('the alert form read-only: every field disabled and no save button', () => {
    renderAs(3, <AlertForm initial={{ ...emptyDraft(), name: 'CPU high' }} creating={false} readOnly pending={false} error={null} onSubmit={() => undefined} />);
    // Disabled by its fieldset: the element's own property stays false, the :disabled state is what counts.
    expect(screen.getByLabelText('Name').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save alert' })).toBeNull();
    cleanup();
    renderAs(2, <AlertForm initial={{ ...emptyDraft(), name: 'CPU high' }} creating={false} pending={false} error={null} onSubmit={() => undefined} />);
    expect(screen.getByLabelText('Name').matches(':disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Save alert' })).toBeTruthy();
  });

  it("a server's tags: names for a Regular user, checkboxes and a save for a Manager", async () => {
    renderAs(3, <TagsPanel serverId={4} />);
    const panel = await screen.findByRole('region', { name: 'Tags' });
    expect(within(panel).getByText('web')).toBeTruthy();
    expect(within(panel).queryAllByRole('checkbox')).toEqual([]);
    expect(within(panel).queryByRole('button', { name: 'Save tags' })).toBeNull();
    cleanup();
    renderAs(2, <TagsPanel serverId={4} />);
    expect(await screen.findAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Save tags' })).toBeTruthy();
  });
});
