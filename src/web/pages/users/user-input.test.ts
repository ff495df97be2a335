import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../shared/users';
import { fullName, phoneText, userFormOf, userInput } from './user-input';

const ada: UserProfile = {
  id: 2, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', nick_name: 'adal', country_code: 44, phone_number: 7700900123,
  role: 3, role_text: 'Regular', is_account_owner: false, is_account_manager: false, avatar_url: '', url: '',
};
const form = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', country_code: '44', phone_number: '7700900123' };

describe('user input', () => {
  it('fills the form from a profile, numbers as text, and blank for a new user', () => {
    expect(userFormOf(ada)).toEqual(form);
    expect(userFormOf({ ...ada, country_code: null, phone_number: null })).toEqual({ ...form, country_code: '', phone_number: '' });
    expect(userFormOf(undefined)).toEqual({ first_name: '', last_name: '', email: '', country_code: '', phone_number: '' });
  });

  it('sends everything on create, even blanks (the schema refuses them)', () => {
    const blank = userFormOf(undefined);
    expect(userInput({ ...blank, first_name: 'x' }, blank, true)).toEqual({ ...blank, first_name: 'x' });
  });

  it.each([
    [{}, {}],
    [{ last_name: 'Byron' }, { last_name: 'Byron' }],
    [{ phone_number: '  ' }, {}],
    [{ email: 'a@b.io', country_code: '' }, { email: 'a@b.io' }],
  ])('on update %j sends %j', (edit, sent) => expect(userInput({ ...form, ...edit }, form, false)).toEqual(sent));

  it('names and phones', () => {
    expect(fullName(ada)).toBe('Ada Lovelace');
    expect(phoneText(ada)).toBe('+44 7700900123');
    expect(phoneText({ country_code: null, phone_number: null })).toBe('–');
  });
});
