import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { maintenanceWindowInput } from '../../../shared/maintenance-windows';
import { userCreate } from '../../../shared/users';
import { checkWith, serverFieldErrors, zodFieldErrors } from './schema-errors';

describe('checkWith and the shared schemas', () => {
  it.each([
    [{ start: '2030-01-01 10:00', end: '2030-01-01 09:00', servers: '[1]' }, 'end', 'end must be after start'],
    [{ start: '2030-02-30 10:00', end: '2030-03-01 09:00', servers: '[1]' }, 'start', 'start must be a UTC time written yyyy-mm-dd hh:mm'],
    [{ start: '2030-01-01 10:00', end: '2030-01-01 11:00', servers: '[]' }, 'servers', 'servers must list at least one server'],
  ])('maintenance window %j fails at %s', (input, field, message) => {
    const r = checkWith(maintenanceWindowInput, input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[field]).toBe(message);
  });

  it('passes valid input through the schema', () => {
    const r = checkWith(maintenanceWindowInput, { start: '2030-01-01 10:00', end: '2030-01-01 11:00', servers: '[1,2]' });
    expect(r).toEqual({
      ok: true,
      data: { start: 1893492000, end: 1893495600, servers: [1, 2], rrule: null, duration: null, timeZone: 'UTC', serverTags: [], serverSets: [] },
    });
  });

  it('keeps the first message of each field and names nested paths by their top field', () => {
    const schema = z.object({ a: z.string().min(2, 'first').max(1, 'second'), list: z.array(z.number('num')) });
    const r = schema.safeParse({ a: 'x', list: [1, 'y'] });
    expect(r.success).toBe(false);
    if (!r.success) expect(zodFieldErrors(r.error)).toEqual({ a: 'first', list: 'num' });
  });

  it('reports every missing user field', () => {
    const r = checkWith(userCreate, { first_name: '', last_name: 'L', email: 'nope', country_code: '', phone_number: '5' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors).sort()).toEqual(['country_code', 'email', 'first_name']);
  });
});

describe('serverFieldErrors', () => {
  it('puts an API error on its field, through aliases', () => {
    expect(serverFieldErrors(new ApiError(400, 'name must be 1-32 characters', 'name'))).toEqual({ name: 'name must be 1-32 characters' });
    expect(serverFieldErrors(new ApiError(400, 'bad ports', 'ip_detail'), { ip_detail: 'ip_details' })).toEqual({ ip_details: 'bad ports' });
  });
  it('puts errors without a field on the form, and nothing when there is no error', () => {
    expect(serverFieldErrors(new ApiError(403, 'the account owner cannot be deleted'))).toEqual({ _form: 'the account owner cannot be deleted' });
    expect(serverFieldErrors(null)).toEqual({});
  });
});
