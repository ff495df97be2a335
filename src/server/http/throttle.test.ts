import { describe, expect, it } from 'vitest';
import { SignInThrottle } from './throttle';

type Step = [address: string, email: string, expectWait: boolean];

describe('SignInThrottle (wrong keys only: a correct key never reaches it)', () => {
  const cases: [string, { maxFailures: number; emailMaxFailures: number; addressMaxFailures: number }, Step[]][] = [
    ['one pair past its budget', { maxFailures: 2, emailMaxFailures: 99, addressMaxFailures: 99 }, [
      ['1.1.1.1', 'a@x.io', false], ['1.1.1.1', 'a@x.io', false], ['1.1.1.1', 'a@x.io', true],
      // the same address for another e-mail, and the same e-mail from another address, are untouched
      ['1.1.1.1', 'b@x.io', false], ['2.2.2.2', 'a@x.io', false],
    ]],
    ['e-mail case does not split the budget', { maxFailures: 1, emailMaxFailures: 99, addressMaxFailures: 99 }, [
      ['1.1.1.1', 'A@x.io', false], ['1.1.1.1', 'a@X.io', true],
    ]],
    ['a guesser spread over many addresses hits the e-mail budget', { maxFailures: 99, emailMaxFailures: 3, addressMaxFailures: 99 }, [
      ['10.0.0.1', 'a@x.io', false], ['10.0.0.2', 'a@x.io', false], ['10.0.0.3', 'a@x.io', false], ['10.0.0.4', 'a@x.io', true],
      ['10.0.0.5', 'b@x.io', false],
    ]],
    ['one address spraying e-mails hits the address budget', { maxFailures: 99, emailMaxFailures: 99, addressMaxFailures: 2 }, [
      ['1.1.1.1', 'a@x.io', false], ['1.1.1.1', 'b@x.io', false], ['1.1.1.1', 'c@x.io', true], ['2.2.2.2', 'c@x.io', false],
    ]],
  ];
  it.each(cases)('%s', (_name, opts, steps) => {
    const t = new SignInThrottle({ ...opts, windowSeconds: 60 });
    steps.forEach(([address, email, wait], i) => expect(t.failure(address, email, 1000 + i) > 0, `step ${i}`).toBe(wait));
  });

  it('forgets failures after the window, and a success clears the pair', () => {
    const t = new SignInThrottle({ maxFailures: 1, windowSeconds: 10 });
    t.failure('1.1.1.1', 'a@x.io', 0);
    expect(t.failure('1.1.1.1', 'a@x.io', 1000)).toBe(9);
    expect(t.failure('1.1.1.1', 'a@x.io', 12_000)).toBe(0);
    t.success('1.1.1.1', 'a@x.io');
    expect(t.failure('1.1.1.1', 'a@x.io', 12_500)).toBe(0);
  });
});
