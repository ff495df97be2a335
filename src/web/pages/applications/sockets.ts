import type { ApplicationSocket } from '../../../shared/applications';
import { parseUid } from '../../../shared/telemetry';

/** A socket of the application detail as the sockets table shows it. */
export interface SocketRow {
  key: string;
  /** The owning process: uid (null when ProcName does not start with one), name and command line. */
  process: { uid: string | null; pid: number | null; name: string; commandLine: string };
  local: string;
  peer: string;
  status: string;
  type: string;
  sent: number | null;
  received: number | null;
  responses: number | null;
  /** Mean response time in microseconds (TotalResponseTime / NumResponses), null without responses. */
  avgResponseUs: number | null;
}

/** A counter field as a number; the spec sends every socket field as a string, and some may be empty. */
const count = (s: string): number | null => (/^\d+(\.\d+)?$/.test(s.trim()) ? Number(s) : null);

/** `ip:port`, with brackets for IPv6 so the port stays readable. */
export const endpoint = (ip: string, port: string): string => {
  if (!ip && !port) return '–';
  return `${ip.includes(':') ? `[${ip}]` : ip}${port ? `:${port}` : ''}`;
};

/**
 * Rows of the sockets table. ProcName is a list of three strings (uid parts, name, command line);
 * shorter or odd lists still give a row, named by whatever text they hold.
 */
export function socketRows(sockets: readonly ApplicationSocket[]): SocketRow[] {
  return sockets.map((s, i) => {
    const [first = '', name = '', commandLine = ''] = s.ProcName;
    const parsed = parseUid(first);
    const uid = parsed ? first : null;
    const sent = count(s.TransSent);
    const responses = count(s.NumResponses);
    const total = count(s.TotalResponseTime);
    return {
      key: `${first}/${s.Socket}/${s.SockIP}:${s.SockPort}-${s.PeerIP}:${s.PeerPort}/${i}`,
      process: { uid, pid: parsed?.pid ?? null, name: name || (uid ? '' : first) || 'unknown process', commandLine },
      local: endpoint(s.SockIP, s.SockPort),
      peer: endpoint(s.PeerIP, s.PeerPort),
      status: s.Status || '–',
      type: s.Type || '–',
      sent,
      received: count(s.TransRecv),
      responses,
      avgResponseUs: responses && total !== null ? Math.round(total / responses) : null,
    };
  });
}
