// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScrapeTarget } from '../../../shared/scrape-targets';
import { scrapeTargetKeys } from '../../api/scrape-targets';
import { sessionKeys } from '../../api/session';
import { setCsrfToken } from '../../app/session';
import EditableListPage from '../resources/editable-list-page';
import { scrapeTargetResource } from './scrape-target-resource';

const USER = { id: 5, first_name: 'Ada', last_name: 'L', email: 'ada@example.com', nick_name: '', country_code: null, phone_number: null, role: 2, role_text: 'Manager', is_account_owner: false, is_account_manager: false, avatar_url: '', url: '' };
const now = Math.floor(Date.now() / 1000);
const TARGETS: ScrapeTarget[] = [
  { id: 1, url: 'http://10.0.0.7:9100/metrics', interval: 60, labels: { env: 'prod' }, last_scrape: now - 120, last_error: null, server_id: 42, created: now - 3600 },
  { id: 2, url: 'http://10.0.0.8:9100/metrics', interval: 15, labels: {}, last_scrape: now - 5, last_error: 'HTTP 503', server_id: null, created: now - 60 },
];

afterEach(() => (cleanup(), vi.unstubAllGlobals(), setCsrfToken(null)));

function setup(role: number) {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    if (init.method === 'POST') posts.push({ url, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(init.method === 'POST' ? { ...TARGETS[1], id: 3 } : { pagination: { count: 0 }, data: [] }));
  }));
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(sessionKeys.current, { user: { ...USER, role }, csrf_token: 't' });
  setCsrfToken('t');
  qc.setQueryData(scrapeTargetKeys.list(), TARGETS);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <EditableListPage resource={scrapeTargetResource} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return posts;
}

describe('Scrape targets page', () => {
  it('lists targets with their last scrape, error and a link to their server', async () => {
    setup(2);
    const rows = within(await screen.findByRole('table', { name: 'Scrape targets' })).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toMatch(/10\.0\.0\.7.*60 s.*2 min ago.*OK.*Server #42.*env=prod/);
    expect(within(rows[0]!).getByRole('link', { name: 'Server #42' }).getAttribute('href')).toBe('/servers/42');
    expect(rows[1]!.textContent).toMatch(/10\.0\.0\.8.*HTTP 503/);
  });

  it('is read-only for a Regular user', async () => {
    setup(3);
    expect(await screen.findByRole('table', { name: 'Scrape targets' })).toBeTruthy();
    for (const name of ['New scrape target', 'Edit scrape target http://10.0.0.7:9100/metrics', 'Delete scrape target http://10.0.0.7:9100/metrics']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('adds a target, refusing a bad interval at its field first', async () => {
    const posts = setup(2);
    fireEvent.click(await screen.findByRole('button', { name: 'New scrape target' }));
    const form = screen.getByRole('region', { name: 'New scrape target' });
    fireEvent.change(within(form).getByLabelText('Metrics URL'), { target: { value: 'http://10.0.0.9:9100/metrics' } });
    fireEvent.change(within(form).getByLabelText('Interval (seconds)'), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add scrape target' }));
    expect(within(form).getAllByRole('alert')[0]!.textContent).toBe('interval must be between 15 and 3600');
    expect(posts).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Interval (seconds)'), { target: { value: '30' } });
    fireEvent.change(within(form).getByLabelText('Labels (name=value, one a line)'), { target: { value: 'env=staging' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add scrape target' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ url: '/api/v5/scrape_targets/', body: { url: 'http://10.0.0.9:9100/metrics', interval: 30, labels: { env: 'staging' } } });
  });
});
