import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../shared/users';
import { fullName, humanMessage, phoneText, roleName, userCreateForm, userFormOf, userInput } from './user-input';

const ada: UserProfile = {
  id: 2, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', nick_name: 'adal', country_code: 44, phone_number: 7700900123,
  role: 3, role_text: 'Regular', is_account_owner: false, is_account_manager: false, avatar_url: '', url: '',
};
const form = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', country_code: '44', phone_number: '7700900123', role: '3' };
const blank = userFormOf(undefined);

describe('user input', () => {
  it('fills the form from a profile, numbers as text, and blank (Regular) for a new user', () => {
    expect(userFormOf(ada)).toEqual(form);
    expect(userFormOf({ ...ada, country_code: null, phone_number: null })).toEqual({ ...form, country_code: '', phone_number: '' });
    expect(blank).toEqual({ first_name: '', last_name: '', email: '', country_code: '', phone_number: '', role: '3' });
  });

  it('sends everything on create, blank phone fields included (the API names them if missing)', () => {
    expect(userInput({ ...blank, first_name: 'x' }, blank, true)).toEqual({ ...blank, first_name: 'x' });
    expect(userInput({ ...blank, country_code: '44', phone_number: '1' }, blank, true)).toMatchObject({ country_code: '44', phone_number: '1' });
  });

  it.each([
    [{}, {}],
    [{ last_name: 'Byron' }, { last_name: 'Byron' }],
    [{ phone_number: '  ' }, {}],
    [{ email: 'a@b.io', country_code: '' }, { email: 'a@b.io' }],
    [{ role: '2' }, {}],
  ])('on update %j sends %j', (edit, sent) => expect(userInput({ ...form, ...edit }, form, false)).toEqual(sent));

  it('checks a new user with the phone the API requires, and a role of the two', () => {
    expect(userCreateForm.safeParse({ first_name: 'A', last_name: 'B', email: 'a@b.io', role: '3' }).success).toBe(false);
    expect(userCreateForm.safeParse({ first_name: 'A', last_name: 'B', email: 'a@b.io', country_code: '44', phone_number: '7700900123', role: '3' }).success).toBe(true);
    expect(userCreateForm.safeParse({ first_name: 'A', last_name: 'B', email: 'a@b.io', role: '1' }).success).toBe(false);
    expect(userCreateForm.safeParse({ first_name: 'A', last_name: 'B', email: 'a@b.io', country_code: 'x' }).success).toBe(false);
  });

  it.each([
    ['country_code must be an integer', 'Country code must be a whole number'],
    ['phone_number is required', 'Phone number is required'],
    ['country_code must be between 1 and 999', 'Country code must be between 1 and 999'],
    ['email must be a valid e-mail address', 'Enter a valid e-mail address, like name@example.com'],
    ['first_name must be 1-30 characters', 'First name must be 1-30 characters'],
    ['a user with this email already exists', 'a user with this e-mail address already exists'],
    ['this needs the Manager role', 'this needs the Manager role'],
  ])('%s -> %s', (raw, human) => expect(humanMessage(raw)).toBe(human));

  it('names, phones and roles', () => {
    expect(fullName(ada)).toBe('Ada Lovelace');
    expect(phoneText(ada)).toBe('+44 7700900123');
    expect(phoneText({ country_code: null, phone_number: null })).toBe('–');
    expect(roleName(ada)).toBe('Regular');
    expect(roleName({ ...ada, is_account_owner: true })).toBe('Account owner');
    expect(roleName({ ...ada, role_text: '', role: 2 })).toBe('Manager');
  });
});
