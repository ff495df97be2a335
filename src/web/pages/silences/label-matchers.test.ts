import { describe, expect, it } from 'vitest';
import { matchersText, parseMatchers } from './label-matchers';

describe('label matchers in the silence form', () => {
  it.each([
    ['severity="critical"', { name: 'severity', value: 'critical', isRegex: false, isEqual: true }],
    ['team != "db"', { name: 'team', value: 'db', isRegex: false, isEqual: false }],
    ['job=~"node|web.*"', { name: 'job', value: 'node|web.*', isRegex: true, isEqual: true }],
    ['env!~stag.*', { name: 'env', value: 'stag.*', isRegex: true, isEqual: false }],
    ['msg="say \\"hi\\""', { name: 'msg', value: 'say "hi"', isRegex: false, isEqual: true }],
    ['empty=""', { name: 'empty', value: '', isRegex: false, isEqual: true }],
  ])('reads %s', (line, matcher) => expect(parseMatchers(line)).toEqual({ matchers: [matcher] }));

  it('skips blank lines and names the first line that is not a matcher', () => {
    expect(parseMatchers('\n a="1"\n\n')).toEqual({ matchers: [{ name: 'a', value: '1', isRegex: false, isEqual: true }] });
    expect(parseMatchers('a="1"\njust words\nb="2"')).toEqual({ bad: 'just words' });
    expect(parseMatchers('=x')).toEqual({ bad: '=x' });
  });

  it('writes what it reads', () => {
    const text = 'severity=~"crit.*"\nteam!="d\\"b"';
    const parsed = parseMatchers(text);
    expect('matchers' in parsed && matchersText(parsed.matchers)).toBe(text);
  });
});
