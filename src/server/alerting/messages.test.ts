import { describe, expect, it } from 'vitest';
import { renderMessage } from './messages';

describe('renderMessage', () => {
  const m = renderMessage({
    alertName: '<script>alert(1)</script>',
    alertType: 'Server',
    trigger: 'CPU above 75%',
    target: 'web-1 & co',
    status: 'TRIGGERED',
    minute: 1_700_000_040,
    value: 93.456,
    historyId: 4,
  });
  it('escapes user text in html', () => {
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;');
    expect(m.html).toContain('web-1 &amp; co');
  });
  it('gives json with body, alert_type and subject', () => {
    expect(JSON.parse(m.json)).toEqual({ body: expect.stringContaining('93.46'), alert_type: 'Server', subject: m.subject });
  });
  it('keeps sms within 160 characters', () => {
    expect(m.sms.length).toBeLessThanOrEqual(160);
    expect(m.sms).toMatch(/^TRIGGERED /);
  });
});
