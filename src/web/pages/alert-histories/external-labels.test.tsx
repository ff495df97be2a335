// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LabelChips, SourceLink } from './external-labels';

afterEach(cleanup);

describe('an external incident’s labels and source', () => {
  it('shows each label but alertname as a chip, as text', () => {
    render(<LabelChips labels={{ alertname: 'GaugeHigh', job: 'node', note: '<b>x</b>' }} />);
    const chips = within(screen.getByRole('list', { name: 'Labels' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(chips).toEqual(['job=node', 'note=<b>x</b>']);
  });

  it('links an http(s) generatorURL and shows anything else as text, never as a link', () => {
    render(<SourceLink url="http://prometheus:9090/graph?g0.expr=up" />);
    expect(screen.getByRole('link', { name: 'Source' }).getAttribute('href')).toBe('http://prometheus:9090/graph?g0.expr=up');
    cleanup();
    render(<SourceLink url="javascript:alert(1)" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('javascript:alert(1)')).toBeTruthy();
  });
});
