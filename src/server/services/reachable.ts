import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { refusal, type NetPolicy } from '../alerting/net-policy';
import { invalid } from './errors';

/**
 * Refuses a URL the network policy would never let an outbound call reach (loopback unless allowed,
 * link-local, metadata, denied networks): its IP, or every address its host resolves to now, as a 400
 * on `field`. A host that does not resolve yet is accepted: every call checks the address it connects to again.
 */
export async function checkUrlReachable(url: string, field: string, policy: NetPolicy): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      return;
    }
  }
  for (const a of addresses) {
    const why = refusal(a, policy);
    if (why) throw invalid(`${field}: ${host} is not reachable by policy (${why})`, field);
  }
}
