// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { secretStates, subscribersOf, type StoredSubscriber, type SubscriberDraft } from './alert-draft';
import { SubscribersEditor } from './alert-recipients';

afterEach(cleanup);

const stored: StoredSubscriber[] = [{ url: 'https://a.example.com/hook', auth: null, has_secret: true }];
const loaded: SubscriberDraft[] = [{ url: 'https://a.example.com/hook', type: 'get', event: 'BOTH', auth: '', secret: '', removeSecret: false, origin: 0 }];

/** The editor with its state, exposing what would be sent. */
function Harness() {
  const [rows, setRows] = useState(loaded);
  return (
    <>
      <SubscribersEditor value={rows} secrets={secretStates(stored, rows)} onChange={setRows} />
      <output aria-label="sent">{JSON.stringify(subscribersOf({ subscribers: rows }))}</output>
    </>
  );
}
const sent = () => JSON.parse(screen.getByLabelText('sent').textContent!) as Record<string, unknown>[];

describe('SubscribersEditor secrets', () => {
  it('shows "Secret set" without the secret, and lets it be removed, kept or replaced', () => {
    render(<Harness />);
    const input = screen.getByLabelText<HTMLInputElement>('Subscriber 1 signing secret');
    expect(input.value).toBe('');
    expect(input.type).toBe('password');
    expect(screen.getByText('Secret set')).toBeTruthy();
    expect(sent()[0]).not.toHaveProperty('secret');

    fireEvent.click(screen.getByRole('button', { name: 'Remove secret of subscriber 1' }));
    expect(screen.getByText('Secret will be removed')).toBeTruthy();
    expect(sent()[0]).toMatchObject({ secret: null });
    fireEvent.click(screen.getByRole('button', { name: 'Keep secret of subscriber 1' }));
    expect(sent()[0]).not.toHaveProperty('secret');

    fireEvent.change(screen.getByLabelText('Subscriber 1 signing secret'), { target: { value: 'k2' } });
    expect(screen.getByText('Replaces the stored secret')).toBeTruthy();
    expect(sent()[0]).toMatchObject({ secret: 'k2' });
    fireEvent.click(screen.getByRole('button', { name: 'Keep the stored secret of subscriber 1' }));
    expect(screen.getByText('Secret set')).toBeTruthy();
  });

  it('says so when a changed url no longer carries the stored secret', () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Subscriber 1 URL'), { target: { value: 'https://b.example.com/hook' } });
    expect(screen.getByText(/enter the secret again/)).toBeTruthy();
    expect(screen.queryByText('Secret set')).toBeNull();
  });
});
