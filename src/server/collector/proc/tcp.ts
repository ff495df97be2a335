import { readProc } from './system';

const STATES: Record<string, string> = {
  '01': 'ESTABLISHED',
  '02': 'SYN_SENT',
  '03': 'SYN_RECV',
  '04': 'FIN_WAIT1',
  '05': 'FIN_WAIT2',
  '06': 'TIME_WAIT',
  '07': 'CLOSE',
  '08': 'CLOSE_WAIT',
  '09': 'LAST_ACK',
  '0A': 'LISTEN',
  '0B': 'CLOSING',
};

/** One socket line of /proc/net/tcp or tcp6. */
export interface TcpSocket {
  localIp: string;
  localPort: number;
  peerIp: string;
  peerPort: number;
  state: string;
  inode: number;
}

/** Decodes a hex address of /proc/net/tcp{,6}: 32-bit words in host (little-endian) byte order. */
export function decodeAddress(hex: string): { ip: string; port: number } {
  const [addr = '', port = '0'] = hex.split(':');
  const words: number[][] = [];
  for (let i = 0; i < addr.length; i += 8) {
    const w = addr.slice(i, i + 8);
    words.push([6, 4, 2, 0].map((j) => parseInt(w.slice(j, j + 2), 16)));
  }
  const bytes = words.flat();
  let ip: string;
  if (bytes.length === 4) ip = bytes.join('.');
  else {
    const isMapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
    if (isMapped) ip = bytes.slice(12).join('.');
    else {
      const groups: string[] = [];
      for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
      ip = compressV6(groups);
    }
  }
  return { ip, port: parseInt(port, 16) };
}

function compressV6(groups: string[]): string {
  let best = -1;
  let bestLen = 0;
  for (let i = 0; i < groups.length; ) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === '0') j++;
    if (j - i > bestLen && j - i > 1) [best, bestLen] = [i, j - i];
    i = j;
  }
  if (best < 0) return groups.join(':');
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLen).join(':')}`;
}

/** Parses the text of /proc/net/tcp or /proc/net/tcp6. */
export function parseTcp(text: string): TcpSocket[] {
  const out: TcpSocket[] = [];
  for (const line of text.split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 10) continue;
    const local = decodeAddress(f[1]!);
    const peer = decodeAddress(f[2]!);
    out.push({
      localIp: local.ip,
      localPort: local.port,
      peerIp: peer.ip,
      peerPort: peer.port,
      state: STATES[f[3]!.toUpperCase()] ?? f[3]!,
      inode: Number(f[9]),
    });
  }
  return out;
}

/** Reads IPv4 and IPv6 TCP sockets of the host. */
export async function readTcpSockets(): Promise<TcpSocket[]> {
  const [v4, v6] = await Promise.all([readProc('/proc/net/tcp'), readProc('/proc/net/tcp6')]);
  return [...parseTcp(v4), ...parseTcp(v6)];
}

/** An owned connection with its role: a local listening port makes it the server side. */
export interface OwnedConnection extends TcpSocket {
  role: 'client' | 'server';
}

/** Keeps the connected sockets and tells server from client by the listening ports of the host. */
export function classifyConnections(sockets: TcpSocket[]): OwnedConnection[] {
  const listening = new Set(sockets.filter((s) => s.state === 'LISTEN').map((s) => s.localPort));
  return sockets
    .filter((s) => s.state !== 'LISTEN' && s.peerPort !== 0)
    .map((s) => ({ ...s, role: listening.has(s.localPort) ? ('server' as const) : ('client' as const) }));
}
