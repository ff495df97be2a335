// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { logOptions } from '../../lib/pick-options';
import { SearchableSelect } from './searchable-select';

const names = new Map(Array.from({ length: 20 }, (_, i) => [i + 1, `web-${String(i + 1).padStart(2, '0')}`]));
const logs = [...names.keys()].flatMap((id) => [
  { id: id * 10, server_id: id, source_type: 'FILE', source: '/var/log/nginx/error.log' },
  { id: id * 10 + 1, server_id: id, source_type: 'SYSLOG', source: 'daemon' },
]);

function Picker() {
  const [v, setV] = useState('');
  return <SearchableSelect label="Target log" noun="logs" options={logOptions(logs, names)} value={v} onChange={setV} />;
}

afterEach(cleanup);

describe('SearchableSelect', () => {
  it('groups 40 logs under their servers’ names and narrows them by search, keeping the choice', () => {
    render(<Picker />);
    const select = screen.getByLabelText('Target log') as HTMLSelectElement;
    expect(select.querySelectorAll('optgroup')).toHaveLength(20);
    const web07 = select.querySelector('optgroup[label="web-07"]')!;
    expect([...web07.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['File /var/log/nginx/error.log on web-07', 'Syslog daemon on web-07']);
    expect(select.textContent).not.toMatch(/#\d|server \d/);

    fireEvent.change(screen.getByLabelText('Search logs'), { target: { value: 'error web-07' } });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'File /var/log/nginx/error.log on web-07']);
    expect(screen.getByText('1 of 40 logs match')).toBeTruthy();
    fireEvent.change(select, { target: { value: '70' } });
    expect(select.value).toBe('70');

    fireEvent.change(screen.getByLabelText('Search logs'), { target: { value: 'web-12' } });
    expect(select.value).toBe('70');
    expect(within(select).getAllByRole('option')).toHaveLength(4);
    fireEvent.change(screen.getByLabelText('Search logs'), { target: { value: 'nowhere' } });
    expect(within(select).getAllByRole('option')[0]!.textContent).toBe('No logs match');
  });
});
