import { transactionMessage, type TransactionMessage } from '../../shared/ingest';

/** Splits "ip:port" (IPv6 may come bracketed, "[::1]:80", or bare, "::1:80": the last colon wins). */
export function splitEndpoint(s: string): { ip: string; port: number } | null {
  const m = /^\[?([^\]]*?)\]?:(\d{1,5})$/.exec(s.trim());
  if (!m || !m[1]) return null;
  const port = Number(m[2]);
  return port <= 65535 ? { ip: m[1], port } : null;
}

/**
 * Parses one line of an AFURL or AFSQL transaction log file, written by an instrumented application:
 * the JSON list of the spec's message `data` — event, version, application, time (fractional epoch
 * seconds), pid, ppid, socket, "own ip:port", "peer ip:port", url request line or SQL statement —
 * optionally followed by the duration in seconds. Anything else gives null.
 */
export function parseTransactionLine(logType: 'url' | 'sql', line: string): TransactionMessage | null {
  let items: unknown;
  try {
    items = JSON.parse(line);
  } catch {
    return null;
  }
  if (!Array.isArray(items) || items.length < 10) return null;
  const [event, version, application, time, pid, ppid, socket, own, peer, statement, duration] = items as unknown[];
  const ownEp = typeof own === 'string' ? splitEndpoint(own) : null;
  const peerEp = typeof peer === 'string' ? splitEndpoint(peer) : null;
  if (!ownEp || !peerEp) return null;
  const r = transactionMessage.safeParse({
    log_type: logType,
    event,
    version: Number(version),
    application,
    time: Number(time),
    pid: Number(pid),
    ppid: Number(ppid),
    socket: Number(socket),
    own_ip: ownEp.ip,
    own_port: ownEp.port,
    peer_ip: peerEp.ip,
    peer_port: peerEp.port,
    statement,
    ...(duration !== undefined ? { duration: Number(duration) } : {}),
  });
  return r.success ? r.data : null;
}
