import type { TestAccount, TestService } from './harness';

/** A user profile that signs in with its own key, as the harness's request() `as` expects. */
export interface TestUser extends TestAccount {
  /** The user profile id (TestAccount.id is the account id for the harness's accounts). */
  userId: number;
}

let seq = 0;

/** Creates a user profile (Regular unless role 2) through the API as the owner, and returns its credentials. */
export async function createUser(svc: TestService, role: 2 | 3 = 3, as: TestAccount = svc.account): Promise<TestUser> {
  seq++;
  const email = `user${seq}-${role}@example.com`;
  const r = await svc.request('POST', '/api/users/', {
    as,
    form: { first_name: `User${seq}`, last_name: 'Test', email, country_code: 1, phone_number: 5550100 + seq, role },
  });
  if (r.status !== 201) throw new Error(`creating ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: as.id, userId: r.body.id as number, email, key: r.body.api_key as string };
}

/** The owner's user profile id of the harness's main account. */
export async function ownerId(svc: TestService): Promise<number> {
  const r = await svc.request('GET', '/api/me/');
  return r.body.id as number;
}
