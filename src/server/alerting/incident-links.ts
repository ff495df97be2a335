import { incidentPaths } from '../../shared/incident-response';
import { ACK_TOKEN_TTL_S, mintAckToken } from '../services/ack-tokens';
import type { MessageLinks } from './messages';

/** Links in alert e-mails: the dashboard's public base URL and each account's acknowledge-link secret. */
export interface LinkConfig {
  baseUrl: string;
  secret(accountId: number): Promise<string>;
}

/** The dashboard's page of an incident (src/web/app/paths.ts alertHistory). */
const incidentPage = (historyId: number) => `/incidents/${historyId}`;

/**
 * Per account, the links of its incidents' e-mails to one recipient: the incident page and a one-click
 * acknowledge link minted for that recipient (undefined without a link configuration).
 */
export function incidentLinks(l: LinkConfig | undefined, now: () => number) {
  // Secrets never change once made: read once per account and process.
  const secrets = new Map<number, Promise<string>>();
  return async function linksOf(accountId: number): Promise<((historyId: number, userId: number) => MessageLinks) | undefined> {
    if (!l) return undefined;
    let secret = secrets.get(accountId);
    if (!secret) {
      secret = l.secret(accountId);
      secrets.set(accountId, secret);
      secret.catch(() => secrets.delete(accountId));
    }
    const key = await secret;
    const base = l.baseUrl.replace(/\/+$/, '');
    const expires = now() + ACK_TOKEN_TTL_S;
    return (historyId, userId) => ({
      incident: base + incidentPage(historyId),
      acknowledge: base + incidentPaths.ackPage(mintAckToken(key, { accountId, historyId, userId, expires })),
    });
  };
}
