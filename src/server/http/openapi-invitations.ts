import { z } from 'zod';
import { invitationAccept, invitationAccepted, invitationCreate, invitationItem, invitationListQuery, invitationPreview } from '../../shared/invitations';
import type { Operation } from './openapi';

const TAG = 'Team access';
const success = z.object({ result: z.literal('Success') });

/** Teammates by invitation (beyond the spec, issue 17): POST /users/ stays as the spec has it. */
export const INVITATION_OPERATIONS: Operation[] = [
  {
    method: 'GET', path: '/invitations', tag: TAG, summary: 'Invitations still pending, newest first (Manager/owner; all=true: accepted and expired too)',
    params: invitationListQuery, response: invitationItem, paged: true,
  },
  {
    method: 'POST', path: '/invitations', tag: TAG, summary: 'Invite a teammate by name and e-mail; no phone needed (Manager/owner)',
    description:
      'E-mails a link (through the notifications outbox) that works once, for 7 days; the link is never answered by the API (only Managers read it in GET /notifications/). ' +
      'role 2 Manager or 3 Regular (default). An e-mail that already has a profile answers 409. Audited.',
    params: invitationCreate, response: invitationItem, status: 201,
  },
  { method: 'GET', path: '/invitations/:id', tag: TAG, summary: 'One invitation (Manager/owner)', response: invitationItem },
  { method: 'DELETE', path: '/invitations/:id', tag: TAG, summary: 'Withdraw an invitation: its link stops working (Manager/owner). Audited', response: success },
  {
    method: 'GET', path: '/invitations/accept/:token', tag: TAG, public: true, summary: 'What an e-mailed invitation link offers (no sign-in; changes nothing)',
    description: 'The link is the credential (256 random bits, stored hashed). A damaged, forged or withdrawn link answers 400, an expired one 410, a used one 409 (field token).',
    response: invitationPreview,
  },
  {
    method: 'POST', path: '/invitations/accept/:token', tag: TAG, public: true, summary: 'Accept an invitation: makes the profile and its API key, shown this once (no sign-in)',
    description:
      'The invitee chooses their name; the phone (country_code with phone_number) is optional. The e-mail and role are the invitation\'s. ' +
      'Works once: a second POST answers 409. Bad links as GET. Audited as the new user (action accept_invitation).',
    params: invitationAccept, response: invitationAccepted, status: 201,
  },
];
