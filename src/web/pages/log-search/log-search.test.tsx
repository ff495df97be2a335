// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogSearchItem } from '../../../shared/log-search';
import { SearchForm } from './search-form';
import { SearchResults } from './search-results';
import { parseSearch } from './search-state';

afterEach(cleanup);
const E = 1_700_000_040;
const item = (over: Partial<LogSearchItem>): LogSearchItem => ({
  time: E + 7, severity: 'critical', message: 'lock timeout', log_id: 3, source_type: 'FILE', source: '/var/log/pg.log', server_id: 9, hostname: 'db-1', nickname: '', ...over,
});

describe('SearchResults', () => {
  it('shows each message with its time to the second, severity, server and log, linking to the log at that minute', () => {
    render(
      <MemoryRouter>
        <SearchResults rows={[item({}), item({ time: E - 58, severity: 'warning', message: '<b>not html</b>', log_id: 4, hostname: 'web-2', nickname: 'front' })]} rangeSearch={new URLSearchParams('range=7d')} />
      </MemoryRouter>,
    );
    const lines = within(screen.getByRole('list', { name: 'Messages found' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    const first = within(lines[0]!);
    expect(first.getByRole('link', { name: '2023-11-14 22:14:07' }).getAttribute('href')).toBe(`/logs/3?range=7d&mfrom=${E}&mto=${E}`);
    expect(lines[0]!.textContent).toContain('critical');
    expect(lines[0]!.textContent).toContain('db-1');
    expect(lines[0]!.textContent).toContain('/var/log/pg.log');
    const second = within(lines[1]!);
    expect(second.getByRole('link', { name: '2023-11-14 22:13:02' }).getAttribute('href')).toBe(`/logs/4?range=7d&mfrom=${E - 60}&mto=${E - 60}`);
    // The nickname names the server, and user text stays text.
    expect(lines[1]!.textContent).toContain('front');
    expect(second.getByText('<b>not html</b>')).toBeTruthy();
    expect(lines[1]!.querySelector('b')).toBeNull();
  });

  it('says when nothing matches', () => {
    render(<MemoryRouter><SearchResults rows={[]} rangeSearch={new URLSearchParams()} /></MemoryRouter>);
    expect(screen.getByText('No message matches in this range.')).toBeTruthy();
  });
});

describe('SearchForm', () => {
  const choices = { servers: [{ id: 9, name: 'db-1' }, { id: 4, name: 'front' }], tags: [{ id: 5, name: 'web' }], sets: [{ id: 6, name: 'databases' }] };

  it('offers servers, tags and sets by name and applies a pick at once, the text on submit', () => {
    const onChange = vi.fn();
    render(<SearchForm state={parseSearch(new URLSearchParams('tag=5'))} choices={choices} onChange={onChange} />);
    const server = screen.getByLabelText('Server') as HTMLSelectElement;
    expect([...server.options].map((o) => o.text)).toEqual(['All', 'db-1', 'front']);
    expect((screen.getByLabelText('Tag') as HTMLSelectElement).selectedOptions[0]!.text).toBe('web');
    expect([...(screen.getByLabelText('Set') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['All', 'databases']);
    fireEvent.change(server, { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Severity'), { target: { value: 'critical' } });
    fireEvent.change(screen.getByLabelText('Source type'), { target: { value: 'SYSLOG' } });
    fireEvent.change(screen.getByLabelText('Messages containing'), { target: { value: ' timeout ' } });
    expect(onChange).toHaveBeenCalledTimes(3);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onChange.mock.calls).toEqual([[{ server: '4' }], [{ severity: 'critical' }], [{ type: 'SYSLOG' }], [{ q: 'timeout' }]]);
  });
});
