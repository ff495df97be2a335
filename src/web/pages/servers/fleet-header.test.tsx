// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Server } from '../../../shared/servers';
import { FleetHeader } from './fleet-header';
import { FleetRow } from './fleet-row';

afterEach(cleanup);

describe('FleetHeader', () => {
  it('announces the sorted column and asks for a column on click', () => {
    const onSort = vi.fn();
    render(<div role="table"><FleetHeader sort={{ key: 'cpu', dir: 'desc' }} onSort={onSort} /></div>);
    expect(screen.getByRole('columnheader', { name: /CPU/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /Memory/ }).getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Status' }).hasAttribute('aria-sort')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /Disk/ }));
    fireEvent.click(screen.getByRole('button', { name: /Server/ }));
    fireEvent.click(screen.getByRole('button', { name: /Incidents/ }));
    expect(onSort.mock.calls).toEqual([['disk'], ['name'], ['incidents']]);
    expect(screen.getByRole('columnheader', { name: /Incidents/ }).getAttribute('aria-sort')).toBe('none');
  });
});

const server: Server = {
  id: 7, hostname: 'db-01', nickname: 'primary', os: 'Linux', running: false, created: 0, description: '', url: '', capacity_mem: 0,
  capacity_cpu_num: 0, capacity_cpu_freq: 0, capacity_disks: {}, current_version: 1, location_ip: '', os_detail: '', arch: '', guid: 'g', network_interfaces: [],
};

describe('FleetRow', () => {
  it('shows the figures it is given, unknown ones as such, and links to the server with the range', () => {
    render(
      <MemoryRouter>
        <FleetRow server={server} metrics={{ cpu: 93.4, memBytes: null, mem: null, disk: 5.25 }} incidents={2} search="range=7d" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'primary' }).getAttribute('href')).toBe('/servers/7?range=7d');
    expect(screen.getByLabelText('CPU 93%')).toBeTruthy();
    expect(screen.getByLabelText('Memory unknown')).toBeTruthy();
    expect(screen.getByLabelText('Disk 5.3%')).toBeTruthy();
    expect(screen.getByText('Stopped')).toBeTruthy();
    expect(screen.getByText('2 active')).toBeTruthy();
    // What a phone shows of it: the fullest figure and the incidents beside the name.
    expect(screen.getByLabelText('Fullest figure, CPU 93%')).toBeTruthy();
    expect(screen.getByText('2 incidents')).toBeTruthy();
  });
});
