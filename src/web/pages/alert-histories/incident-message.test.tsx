// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IncidentMessage } from './incident-message';

afterEach(cleanup);
const message = { id: 3, subject: 'CPU high', html: '<p>CPU <b>high</b></p><script>alert(1)</script>', json: '{}', text: 'CPU high\nat 04:05', sms: 'CPU high', view: '/v' };

describe('IncidentMessage', () => {
  it('shows the text once by default, and the html only behind its tab, sandboxed', () => {
    render(<IncidentMessage message={message} />);
    expect(screen.getByRole('tab', { name: 'Text' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Text' }).textContent).toContain('at 04:05');
    expect(screen.queryByTitle('Alert message as HTML')).toBeNull();
    expect(screen.getAllByText(/at 04:05/)).toHaveLength(1);
    fireEvent.click(screen.getByRole('tab', { name: 'HTML' }));
    const frame = screen.getByTitle('Alert message as HTML');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(message.html);
    expect(screen.queryByText(/at 04:05/)).toBeNull();
    // The html is never part of the page itself.
    expect(document.querySelector('b')).toBeNull();
  });
});
