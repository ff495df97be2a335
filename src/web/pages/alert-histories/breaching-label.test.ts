import { describe, expect, it } from 'vitest';
import { breachLabel } from './breaching-label';

describe('breachLabel', () => {
  it.each([
    [{ hostname: 'app-02', nickname: '', value: 93.456 }, 'app-02 at 93.46'],
    [{ hostname: 'app-02', nickname: 'checkout', value: 91 }, 'app-02 (checkout) at 91'],
    [{ hostname: 'app-02', nickname: 'app-02', value: null }, 'app-02'],
  ])('%j', (s, want) => expect(breachLabel(s)).toBe(want));
});
