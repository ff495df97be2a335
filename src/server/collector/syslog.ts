import { createSocket, type Socket } from 'node:dgram';
import type { Severity } from './log-buffer';

/** A syslog message as received (RFC 3164 or RFC 5424). */
export interface SyslogMessage {
  facility: number;
  /** 0 emergency ... 7 debug. */
  severity: number;
  hostname: string;
  app: string;
  msg: string;
}

/** Syslog severity 0-3 is critical, 4 warning, 5-7 info. */
export function syslogLevel(severity: number): Severity {
  if (severity <= 3) return 'critical';
  return severity === 4 ? 'warning' : 'info';
}

/** Skips RFC 5424 structured data ("-" or a run of [id param="v\]..."] elements); returns the rest. */
function skipStructuredData(s: string): string {
  if (s.startsWith('-')) return s.slice(1);
  let i = 0;
  while (s[i] === '[') {
    let quoted = false;
    for (i++; i < s.length; i++) {
      const ch = s[i];
      if (quoted && ch === '\\') i++;
      else if (ch === '"') quoted = !quoted;
      else if (ch === ']' && !quoted) break;
    }
    i++;
  }
  return s.slice(i);
}

/** Parses one datagram; anything without a valid <PRI> is taken as a user.notice message, as RFC 3164 says. */
export function parseSyslog(raw: string): SyslogMessage {
  const text = raw.replace(/[\r\n\0]+$/, '');
  const pri = /^<(\d{1,3})>/.exec(text);
  if (!pri || Number(pri[1]) > 191) return { facility: 1, severity: 5, hostname: '', app: '', msg: text };
  const value = Number(pri[1]);
  const base = { facility: value >> 3, severity: value & 7 };
  const rest = text.slice(pri[0].length);

  const v5424 = /^1 (\S+) (\S+) (\S+) (\S+) (\S+) ?([\s\S]*)$/.exec(rest);
  if (v5424) {
    const nil = (s: string) => (s === '-' ? '' : s);
    const msg = skipStructuredData(v5424[6]!).replace(/^ /, '').replace(/^\uFEFF/, '');
    return { ...base, hostname: nil(v5424[2]!), app: nil(v5424[3]!), msg };
  }
  const v3164 = /^([A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d) (\S+) ([\s\S]*)$/.exec(rest);
  if (v3164) {
    const tag = /^([^\s:[\]]{1,48})(?:\[[^\]]*\])?: ?([\s\S]*)$/.exec(v3164[3]!);
    return { ...base, hostname: v3164[2]!, app: tag ? tag[1]! : '', msg: tag ? tag[2]! : v3164[3]! };
  }
  return { ...base, hostname: '', app: '', msg: rest };
}

/** The text stored for a message: "app: msg" when the sender named itself. */
export function syslogText(m: SyslogMessage): string {
  return m.app ? `${m.app}: ${m.msg}` : m.msg;
}

/** Listens for syslog datagrams on a UDP port (IPv4 and IPv6 when the host allows). */
export async function listenSyslog(
  port: number,
  onMessage: (m: SyslogMessage) => void,
  host = '0.0.0.0',
): Promise<{ port: number; close(): Promise<void> }> {
  const sock: Socket = createSocket({ type: host.includes(':') ? 'udp6' : 'udp4', reuseAddr: true });
  sock.on('message', (buf) => onMessage(parseSyslog(buf.toString('utf8'))));
  await new Promise<void>((resolve, reject) => {
    sock.once('error', reject);
    sock.bind(port, host, () => {
      sock.off('error', reject);
      sock.on('error', () => undefined);
      resolve();
    });
  });
  return {
    port: sock.address().port,
    close: () => new Promise<void>((r) => sock.close(() => r())),
  };
}
