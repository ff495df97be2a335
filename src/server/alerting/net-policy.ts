import ipaddr from 'ipaddr.js';
import { inAny, parseAddress, parseCidrList, type Cidr } from '../cidr';

type Range = Cidr;

// Never reachable whatever the operator allows: link-local (where cloud metadata lives), the metadata
// addresses themselves, unspecified, multicast and broadcast.
const ALWAYS_DENIED = [
  '169.254.0.0/16',
  'fe80::/10',
  '100.100.100.200/32',
  'fd00:ec2::254/128',
  '0.0.0.0/8',
  '::/128',
  '224.0.0.0/4',
  'ff00::/8',
  '255.255.255.255/32',
].map((c) => ipaddr.parseCIDR(c) as Range);

// Denied unless the operator allows them (tests allow loopback).
const DEFAULT_DENIED = ['127.0.0.0/8', '::1/128'].map((c) => ipaddr.parseCIDR(c) as Range);

/**
 * Which addresses outbound callbacks may reach. `allow` re-opens default-denied networks (loopback);
 * `deny` closes more networks and wins over `allow`; the always-denied set cannot be re-opened.
 */
export interface NetPolicy {
  allow: Range[];
  deny: Range[];
}

/** Parses comma-separated CIDR lists (e.g. CALLBACK_ALLOW_NETS=127.0.0.0/8); a bad entry throws. */
export function netPolicy(allow = '', deny = ''): NetPolicy {
  return { allow: parseCidrList(allow), deny: parseCidrList(deny) };
}

/** Why an address may not be contacted, or null when it may. IPv4-mapped IPv6 counts as IPv4. */
export function refusal(address: string, policy: NetPolicy): string | null {
  const addr = parseAddress(address);
  if (!addr) return `not an IP address: ${address}`;
  if (inAny(addr, ALWAYS_DENIED)) return `address ${address} is never contacted (link-local, metadata or reserved)`;
  if (inAny(addr, policy.deny)) return `address ${address} is in a denied network`;
  if (inAny(addr, DEFAULT_DENIED) && !inAny(addr, policy.allow)) return `address ${address} is loopback and not allowed`;
  return null;
}
