import ipaddr from 'ipaddr.js';

/** One network: its address and prefix length. */
export type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];
/** A parsed address (IPv4-mapped IPv6 already turned into IPv4). */
export type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Parses a comma-separated list of CIDRs or bare addresses (`127.0.0.0/8,::1`); a bad entry throws an
 * error quoting it. Shared by the outbound policy (alerting/net-policy.ts) and the /metrics allow-list.
 */
export function parseCidrList(list: string): Cidr[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((c) => {
      try {
        if (!c.includes('/')) c += ipaddr.parse(c).kind() === 'ipv4' ? '/32' : '/128';
        return ipaddr.parseCIDR(c) as Cidr;
      } catch {
        throw new Error(`not a network (CIDR or address): ${c}`);
      }
    });
}

/** The address parsed, IPv4-mapped IPv6 as IPv4; null when it is not an IP address. */
export function parseAddress(address: string): Address | null {
  return ipaddr.isValid(address) ? ipaddr.process(address) : null;
}

/** Whether the address lies in one of the networks (an address only matches networks of its own kind). */
export function inAny(addr: Address, ranges: readonly Cidr[]): boolean {
  return ranges.some(([net, bits]) => addr.kind() === net.kind() && addr.match([net, bits] as never));
}

/** This machine's own addresses: the default of METRICS_ALLOW_NETS. */
export const LOOPBACK_NETS = '127.0.0.0/8,::1/128';
