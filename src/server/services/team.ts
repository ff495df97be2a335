import type { UserRecord } from '../store/repos/users';
import type { Store } from '../store/store';
import { hashKey, newApiKey } from './keys';

/** Makes a new key for a user (the account key for the owner); returns it, the only time it exists in clear. */
export async function issueKey(store: Store, accountId: number, userId: number, now: number): Promise<string | null> {
  const key = newApiKey();
  return (await store.team.setKey(accountId, userId, hashKey(key), now)) ? key : null;
}

/**
 * The confirmation e-mail of a new profile. It says a key was made and how to sign in, but not the
 * key: notifications are readable at GET /notifications/, so a key there would be a key leaked.
 */
export function confirmationMail(user: UserRecord, createdBy: UserRecord) {
  return {
    userId: user.id,
    recipient: user.email,
    subject: 'Your Fleetwatch profile was created',
    text: [
      `Hello ${user.first_name} ${user.last_name},`,
      '',
      `${createdBy.first_name} ${createdBy.last_name} (${createdBy.email}) created a user profile for ${user.email} on the`,
      'monitoring service, with an API key of your own. The key was shown once to them when the profile was',
      'made and is not repeated in this e-mail; ask them for it, or for a new one.',
      '',
      'To sign in: open the dashboard and enter this e-mail address and your API key, or call the API with',
      'HTTP Basic authentication (user: this e-mail address, password: your API key).',
      'You can replace your key at any time (POST /api/v5/users/{your id}/api_key/ or the dashboard).',
      '',
    ].join('\n'),
  };
}
