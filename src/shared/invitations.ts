import { z } from 'zod';
import { listFilter } from './params';
import { roleParam, userFields, userProfile } from './users';

/** How long an invitation link works. */
export const INVITATION_TTL_S = 7 * 86_400;

export const INVITATION_STATES = ['pending', 'accepted', 'expired'] as const;

/** An invitation as the API answers it to Managers; the link's token is never answered (only e-mailed). */
export const invitationItem = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.number().int(),
  role_text: z.string(),
  invited_by: z.number().int(),
  created: z.number().int(),
  expires: z.number().int(),
  accepted_at: z.number().int().nullable(),
  /** The profile the invitation made once accepted. */
  user_id: z.number().int().nullable(),
  state: z.enum(INVITATION_STATES),
  url: z.string(),
});
export type InvitationItem = z.infer<typeof invitationItem>;

/**
 * POST /invitations/: who to invite. The phone is not asked here (the invitee may add it), so a
 * teammate needs no phone number; the role defaults to 3 (Regular).
 */
export const invitationCreate = z.object({
  first_name: userFields.shape.first_name,
  last_name: userFields.shape.last_name,
  email: userFields.shape.email,
  role: roleParam.optional(),
});
export type InvitationCreate = z.infer<typeof invitationCreate>;

/** GET /invitations/: pending ones only unless `all` is true. */
export const invitationListQuery = z.object({ all: listFilter(z.enum(['true', 'false'], { error: 'all must be true or false' })) });

/** GET /invitations/accept/{token}/: what the link's page shows before the invitee answers. */
export const invitationPreview = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role_text: z.string(),
  invited_by_name: z.string(),
  expires: z.number().int(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

/** An empty text field is a field not given (a form sends every field). */
const optional = <T extends z.ZodType>(s: T) => listFilter(s);

/**
 * POST /invitations/accept/{token}/: the invitee's own name, and optionally a phone for SMS (both
 * parts or neither). The e-mail and role are the invitation's.
 */
export const invitationAccept = z
  .object({
    first_name: userFields.shape.first_name,
    last_name: userFields.shape.last_name,
    country_code: optional(userFields.shape.country_code),
    phone_number: optional(userFields.shape.phone_number),
  })
  .superRefine((v, ctx) => {
    if ((v.country_code === undefined) !== (v.phone_number === undefined)) {
      const path = v.country_code === undefined ? 'country_code' : 'phone_number';
      ctx.addIssue({ code: 'custom', path: [path], message: `${path} is required with ${path === 'country_code' ? 'phone_number' : 'country_code'}` });
    }
  });
export type InvitationAccept = z.infer<typeof invitationAccept>;

/** The accepted invitation: the new profile and its API key, shown this once. */
export const invitationAccepted = userProfile.extend({ api_key: z.string() });
