import { describe, expect, it } from 'vitest';
import { scrapeTargetInput } from '../../../shared/scrape-targets';
import { parseLabelLines, scrapeAge, scrapeTargetFormOf, scrapeTargetInputOf } from './scrape-target-form';

describe('scrape target form', () => {
  it('reads name=value lines, skipping blank ones', () => {
    expect(parseLabelLines('env=prod\n\n team = web \nurl=a=b')).toEqual({ env: 'prod', team: 'web', url: 'a=b' });
  });

  it('leaves a line without = for the shared schema to refuse at labels', () => {
    const input = scrapeTargetInputOf({ url: 'http://192.0.2.1:9100/metrics', interval: '60', labels: 'env' });
    const r = scrapeTargetInput.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['labels']);
  });

  it('round-trips a target through the form and the shared schema', () => {
    const t = { id: 1, url: 'http://192.0.2.1:9100/metrics', interval: 30, labels: { env: 'prod' }, last_scrape: null, last_error: null, server_id: null, created: 0 };
    expect(scrapeTargetInput.parse(scrapeTargetInputOf(scrapeTargetFormOf(t)))).toEqual({ url: t.url, interval: 30, labels: { env: 'prod' } });
    expect(scrapeTargetFormOf(undefined)).toEqual({ url: '', interval: '60', labels: '' });
  });

  it.each([
    [null, 'never'],
    [995, '5 s ago'],
    [880, '2 min ago'],
    [1000 - 7200, '2 h ago'],
    [1000 - 3 * 86400, '3 d ago'],
  ])('scrapeAge(%j) at 1000 is %j', (at, text) => expect(scrapeAge(at, 1000)).toBe(text));
});
