import { describe, expect, it } from 'vitest';
import { emailWithLinks, linksOfEmail, renderMessage } from './messages';

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

describe('emailWithLinks', () => {
  it('adds the acknowledge and incident links to the text and, escaped, inside the html body', () => {
    const m = { text: 'Alert triggered: x\n\nbody\n', html: '<!doctype html><html><body><h1>x</h1></body></html>' };
    const out = emailWithLinks(m, { acknowledge: 'https://mon.example.com/ack/a1.1.2.3.4.n.s', incident: 'https://mon.example.com/incidents/2?"<x>' });
    expect(out.text).toBe('Alert triggered: x\n\nbody\n\nAcknowledge (opens a confirm page): https://mon.example.com/ack/a1.1.2.3.4.n.s\nIncident: https://mon.example.com/incidents/2?"<x>\n');
    expect(out.html).toMatch(/<h1>x<\/h1><p><a href="https:\/\/mon\.example\.com\/ack\/a1\.1\.2\.3\.4\.n\.s">Acknowledge this incident<\/a>.*<\/p><\/body><\/html>$/);
    expect(out.html).toContain('href="https://mon.example.com/incidents/2?&quot;&lt;x&gt;"');
  });
});

describe('linksOfEmail', () => {
  const links = { acknowledge: 'https://mon.example.com/ack/a1.1.2.3.4.n.s', incident: 'https://mon.example.com/incidents/2' };
  const m = renderMessage({ alertName: 'cpu', alertType: 'Server', trigger: 'CPU above 90%', target: 'web-1', status: 'TRIGGERED', minute: 1_800_000_000, value: 97, historyId: 2 });

  it('reads back the links emailWithLinks added, and the text without them', () => {
    expect(linksOfEmail(emailWithLinks(m, links).text)).toEqual({ text: m.text, links });
  });

  it('finds none in mail written without links, and never reads user text above the last lines as one', () => {
    expect(linksOfEmail(m.text)).toEqual({ text: m.text, links: null });
    const sneaky = 'Alert triggered: x\n\nIncident: https://evil.example.com/\nAcknowledge (opens a confirm page): https://evil.example.com/ack\nmore text\n';
    expect(linksOfEmail(sneaky).links).toBeNull();
  });
});
