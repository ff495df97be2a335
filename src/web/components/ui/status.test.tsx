// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FailedRequestsBanner } from './failed-requests-banner';
import { ErrorBox, Loading } from './status';

afterEach(cleanup);

/** A query that fails until `service.up` is set, drawn as a page would draw it. */
function setup(showOwnError: boolean) {
  const service = { up: false, calls: 0 };
  function Page() {
    const q = useQuery({
      queryKey: ['figures'],
      queryFn: async () => {
        service.calls++;
        if (!service.up) throw new Error('the service cannot be reached');
        return 42;
      },
    });
    return (
      <>
        <p>figure: {q.data ?? '–'}</p>
        {showOwnError && q.error && <ErrorBox error={q.error} />}
      </>
    );
  }
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <FailedRequestsBanner />
      <Page />
    </QueryClientProvider>,
  );
  return service;
}

describe('error states', () => {
  it('a page showing its own error gets Retry there, and no banner on top', async () => {
    const service = setup(true);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('the service cannot be reached');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    service.up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('figure: 42')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('a page that would show a dash gets the page-wide banner with Retry', async () => {
    const service = setup(false);
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('A request of this page failed, so some figures are missing.');
    expect(screen.getByText('figure: –')).toBeTruthy();
    service.up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('figure: 42')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(service.calls).toBe(2);
  });

  it('a failed action has no Retry (its own button repeats it)', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ErrorBox error={new Error('name is taken')} retry={false} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('name is taken');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('loading is announced by name over a skeleton', () => {
    const { container } = render(<Loading what="alerts" />);
    expect(screen.getByRole('status').textContent).toBe('Loading alerts…');
    expect(container.querySelector('[data-skeleton]')?.getAttribute('aria-hidden')).toBe('true');
  });
});
