import { z } from 'zod';
import { auditEntry, auditListQuery } from '../../shared/audit';
import { sessionAnswer, sessionCreate } from '../../shared/session';
import { apiKeyAnswer, userProfile, userRoleInput } from '../../shared/users';
import type { Operation } from './openapi-operation';

const success = z.object({ result: z.literal('Success') });

/** Team access (beyond the spec): who am I, roles, per-user keys, the dashboard session, the audit log. */
export const TEAM_OPERATIONS: Operation[] = [
  { method: 'GET', path: '/me', tag: 'Team access', summary: 'The signed-in user profile', response: userProfile },
  {
    method: 'PUT', path: '/users/:id/role', tag: 'Team access', summary: 'Set a role: 2 Manager or 3 Regular (Manager/owner; never the owner: 403)',
    params: userRoleInput, response: userProfile,
  },
  {
    method: 'POST', path: '/users/:id/api_key', tag: 'Team access', summary: 'Make a new key for the user (self, or Manager/owner for a non-owner)',
    description: 'The answer is the only time the key is shown; the old key stops working at once. For the owner this is the account key.',
    response: apiKeyAnswer,
  },
  {
    method: 'DELETE', path: '/users/:id/api_key', tag: 'Team access', summary: "Revoke the user's key and end their sessions (self, or Manager/owner)",
    description: "The owner's key (the account key) can be rotated, not revoked: 403.", response: success,
  },
  {
    method: 'POST', path: '/session', tag: 'Team access', summary: 'Sign in: sets the fw_session cookie and answers the CSRF token', public: true,
    description: 'Cookie HttpOnly, SameSite=Strict, Path=/, Secure over HTTPS. Writes made with the cookie must send X-CSRF-Token. Shares the sign-in throttle (429).',
    params: sessionCreate, response: sessionAnswer,
  },
  { method: 'GET', path: '/session', tag: 'Team access', summary: 'The current session (401 without one)', response: sessionAnswer },
  { method: 'DELETE', path: '/session', tag: 'Team access', summary: 'Sign out: ends the session on the server and clears the cookie', response: success },
  {
    method: 'GET', path: '/audit', tag: 'Team access', summary: 'Configuration changes, newest first (Manager/owner)',
    params: auditListQuery, response: auditEntry, paged: true,
  },
];
