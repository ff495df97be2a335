import { incidentPaths } from '../../shared/incident-response';
import { ACK_TOKEN_TTL_S, mintAckToken } from '../services/ack-tokens';
import type { MessageLinks } from './messages';

/** Links in alert e-mails: the dashboard's public base URL and each account's acknowledge-link secret. */
export interface LinkConfig {
  baseUrl: string;
  secret(accountId: number): Promise<string>;
}

/** The dashboard's page of an incident (src/web/app/paths.ts alertHistory). */
export const incidentPage = (historyId: number) => `/incidents/${historyId}`;

/**
 * Per account, the links of each recipient's e-mail about an incident: its page and a one-use
 * acknowledge link minted for that recipient (valid ACK_TOKEN_TTL_S from `now`). Secrets never change
 * once made: each is read once per process. Undefined without a configuration (mail without links).
 */
export function linkMaker(config: LinkConfig | undefined, now: () => number) {
  const secrets = new Map<number, Promise<string>>();
  return async function linksOf(accountId: number): Promise<((historyId: number, userId: number) => MessageLinks) | undefined> {
    if (!config) return undefined;
    let secret = secrets.get(accountId);
    if (!secret) {
      secret = config.secret(accountId);
      secrets.set(accountId, secret);
      secret.catch(() => secrets.delete(accountId));
    }
    const key = await secret;
    const base = config.baseUrl.replace(/\/+$/, '');
    const expires = now() + ACK_TOKEN_TTL_S;
    return (historyId, userId) => ({
      incident: base + incidentPage(historyId),
      acknowledge: base + incidentPaths.ackPage(mintAckToken(key, { accountId, historyId, userId, expires })),
    });
  };
}
