/** An account (tenant) with the hash of its API key. */
export interface AccountRecord {
  id: number;
  email: string;
  keyHash: string;
  created: number;
}

export interface AccountRepo {
  /** Creates the account and its owner's user profile; null when the e-mail is taken. */
  create(input: { email: string; keyHash: string; firstName: string; lastName: string }): Promise<AccountRecord | null>;
  findByEmail(email: string): Promise<AccountRecord | null>;
  get(id: number): Promise<AccountRecord | null>;
  list(): Promise<AccountRecord[]>;
}
