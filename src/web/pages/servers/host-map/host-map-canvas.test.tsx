// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HostMapCanvas } from './host-map-canvas';

afterEach(cleanup);
// jsdom has no 2D context: the canvas draws nothing, the keyboard and the live region still work.
beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
  globalThis.ResizeObserver ??= class { observe() {} disconnect() {} unobserve() {} } as never;
});

const names: Record<number, string> = { 1: 'web-01', 2: 'web-02', 3: 'db-01' };

function renderMap(onOpen = vi.fn()) {
  render(
    <HostMapCanvas
      groups={[{ label: 'web', ids: [1, 2] }, { label: 'db', ids: [3] }]}
      spans={new Map()}
      colourOf={() => '#000000'}
      describe={(id, g) => `${names[id]} (${g})`}
      onOpen={onOpen}
      label="Host map of 3 servers"
    />,
  );
  return { map: screen.getByRole('application', { name: 'Host map of 3 servers' }), onOpen };
}

describe('HostMapCanvas', () => {
  it('moves through the servers with the keyboard, announces them and opens one with Enter', () => {
    const { map, onOpen } = renderMap();
    expect(map.getAttribute('data-cells')).toBeNull(); // nothing drawn without a context
    const live = () => document.querySelector('p[aria-live="polite"]')!.textContent;
    fireEvent.keyDown(map, { key: 'Home' });
    expect(live()).toBe('web-01 (web)');
    expect(screen.getByRole('tooltip').textContent).toBe('web-01 (web)');
    fireEvent.keyDown(map, { key: 'ArrowRight' });
    expect(live()).toBe('web-02 (web)');
    fireEvent.keyDown(map, { key: 'ArrowDown' }); // past the db header
    expect(live()).toBe('db-01 (db)');
    fireEvent.keyDown(map, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(3);
    fireEvent.keyDown(map, { key: 'End' });
    fireEvent.keyDown(map, { key: ' ' });
    expect(onOpen).toHaveBeenLastCalledWith(3);
  });

  it('ignores other keys and opens nothing before a move', () => {
    const { map, onOpen } = renderMap();
    fireEvent.keyDown(map, { key: 'a' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.keyDown(map, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(1); // the first server when none was focused
  });
});
