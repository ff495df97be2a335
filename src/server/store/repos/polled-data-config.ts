/** A server's polled-data configuration file, as stored. */
export interface PolledDataConfigRecord {
  serverId: number;
  filePath: string;
  fileType: string;
  fileContents: string;
  frequency: number;
  updated: number;
}

export interface PolledDataConfigRepo {
  /** The stored config of the server, or null before the first PUT. */
  get(accountId: number, serverId: number): Promise<PolledDataConfigRecord | null>;
  /** Replaces the server's config (the caller has checked the server is the account's). */
  put(accountId: number, serverId: number, input: Omit<PolledDataConfigRecord, 'serverId' | 'updated'>, now: number): Promise<PolledDataConfigRecord>;
}
