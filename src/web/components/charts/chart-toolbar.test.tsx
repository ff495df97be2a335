// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChartToolbar } from './chart-toolbar';

afterEach(cleanup);

describe('chart toolbar', () => {
  it('PNG of a chart with no picture drawn says so instead of doing nothing', async () => {
    const figure = { current: document.createElement('figure') };
    render(<ChartToolbar title="Network" figure={figure} rows={[]} series={[]} dark={false} />);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Network: download PNG' }));
    expect((await screen.findByRole('alert')).textContent).toBe('the chart is not drawn yet');
  });
});
