import { describe, expect, it } from 'vitest';
import { bulkParams, emptyBulkDraft } from './bulk-input';

describe('bulk edit parameters', () => {
  it('sends the filter and only the fields given', () => {
    expect(bulkParams(emptyBulkDraft({ type: 'Server', threshold: ' 85 ', active: 'false' }))).toEqual({ ok: true, params: { type: 'Server', threshold: '85', active: 'false' } });
    expect(bulkParams(emptyBulkDraft({ server_id: '7', interval: '30' }))).toEqual({ ok: true, params: { server_id: '7', interval: '30' } });
  });

  it.each([
    [emptyBulkDraft({ threshold: '85' }), 'type', 'choose a type or a server'],
    [emptyBulkDraft({ type: 'Server' }), 'threshold', 'change at least one field'],
    [emptyBulkDraft({ type: 'Server', threshold: 'lots' }), 'threshold', 'threshold must be a number'],
    [emptyBulkDraft({ type: 'Server', interval: '0' }), 'interval', undefined],
  ])('refuses %j on %s', (d, field, message) => {
    const r = bulkParams(d);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors[field]).toBeDefined();
      if (message) expect(r.errors[field]).toBe(message);
    }
  });
});
