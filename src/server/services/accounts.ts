import { isEmailAddress } from '../../shared/email';
import type { Store } from '../store/store';
import { hashKey, newApiKey } from './keys';


export type CreateAccountResult = { ok: true; email: string; api_key: string } | { ok: false; message: string };

/**
 * Creates a tenant with its owner's user profile and a fresh API key. The key is returned once,
 * here; only its hash is stored.
 */
export async function createAccount(store: Store, email: string): Promise<CreateAccountResult> {
  const address = email.trim();
  if (!isEmailAddress(address)) return { ok: false, message: `not a valid e-mail address: ${JSON.stringify(email)}` };
  const key = newApiKey();
  const local = address.split('@')[0]!.slice(0, 30);
  const created = await store.accounts.create({ email: address, keyHash: hashKey(key), firstName: local, lastName: 'Owner' });
  if (!created) return { ok: false, message: `an account with the e-mail ${address} already exists` };
  return { ok: true, email: created.email, api_key: key };
}
