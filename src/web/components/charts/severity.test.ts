import { describe, expect, it } from 'vitest';
import { SEVERITY, SEVERITIES, severityOf } from './severity';

describe('severity palette', () => {
  it('reads severities in any case and refuses others', () => {
    expect(severityOf('CRITICAL')).toBe('critical');
    expect(severityOf('Warning')).toBe('warning');
    expect(severityOf('debug')).toBeNull();
    expect(severityOf(undefined)).toBeNull();
  });
  it('is red, amber and blue, and distinct', () => {
    expect(SEVERITY.critical.text).toContain('red');
    expect(SEVERITY.warning.text).toContain('amber');
    expect(SEVERITY.info.text).toContain('blue');
    expect(new Set(SEVERITIES.map((s) => SEVERITY[s].color.light)).size).toBe(3);
  });
});
