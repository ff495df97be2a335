import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './email';

describe('isEmailAddress', () => {
  it.each([
    'a@b.co',
    'ada@example.com',
    'Ada.Lovelace@Example.COM',
    'first.last+tag@mail.example.co.uk',
    "o'brien@example.ie",
    'x_y-z@sub-domain.example.org',
    'user%host=1@a1.b2.example.net',
    '1234@123.example.io',
    'me@xn--bcher-kva.example',
    'me@example.xn--p1ai',
    `${'l'.repeat(64)}@example.com`,
  ])('accepts %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    ['double dot in the domain', 'a@b..c'],
    ['domain starting with a dot', 'a@.b.c'],
    ['markup after the TLD', 'x@y.z<script>'],
    ['trailing semicolon', 'a@b.c;'],
    ['quote as local part', '"@b.c'],
    ['no @', 'not-an-address'],
    ['no domain dot', 'a@b'],
    ['one-letter TLD', 'a@b.c'],
    ['digit TLD', 'a@b.c1'],
    ['empty local part', '@example.com'],
    ['two @', 'a@b@example.com'],
    ['leading dot in local part', '.a@example.com'],
    ['trailing dot in local part', 'a.@example.com'],
    ['double dot in local part', 'a..b@example.com'],
    ['trailing dot after the TLD', 'a@example.com.'],
    ['label starting with a hyphen', 'a@-b.example.com'],
    ['label ending with a hyphen', 'a@b-.example.com'],
    ['underscore in the domain', 'a@b_c.example.com'],
    ['space inside', 'a b@example.com'],
    ['angle brackets in local part', '<a>@example.com'],
    ['comma in local part', 'a,b@example.com'],
    ['IP-literal domain', 'a@[127.0.0.1]'],
    ['non-ASCII', 'jörg@example.de'],
    ['local part over 64', `${'l'.repeat(65)}@example.com`],
    ['address over 254', `a@${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.com`],
    ['label over 63', `a@${'b'.repeat(64)}.com`],
  ])('refuses %s: %s', (_case, address) => {
    expect(isEmailAddress(address)).toBe(false);
  });
});
