/** A transaction log message, from the JSON list in its `data` (spec: the order of the items). */
export interface TransactionMessage {
  event: string;
  application: string;
  time: number;
  pid: number;
  own: { ip: string; port: number };
  peer: { ip: string; port: number };
  /** The URL request line (AFURL) or the SQL statement (AFSQL). */
  statement: string;
}

function endpoint(v: unknown): { ip: string; port: number } | null {
  if (typeof v !== 'string') return null;
  const i = v.lastIndexOf(':');
  const port = Number(v.slice(i + 1));
  return i > 0 && Number.isInteger(port) ? { ip: v.slice(0, i).replace(/^\[|\]$/g, ''), port } : null;
}

/** Parses `data`: [event, version, application, time, pid, ppid, socket, own ip:port, peer ip:port, statement]; null when malformed. */
export function parseTransactionMessage(data: string): TransactionMessage | null {
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  if (!Array.isArray(v) || v.length < 10) return null;
  const [event, , application, time, pid, , , own, peer, statement] = v as unknown[];
  const o = endpoint(own);
  const p = endpoint(peer);
  if (typeof time !== 'number' || typeof pid !== 'number' || !o || !p) return null;
  return { event: String(event), application: String(application), time, pid, own: o, peer: p, statement: String(statement ?? '') };
}

/**
 * The trace query of a message: URL start (time, sid = the log's server, pid) for AFURL logs, SQL
 * start (time, the peer's ip and port) for AFSQL logs.
 */
export function traceSearch(m: TransactionMessage, logType: string, serverId: number): URLSearchParams {
  const p = new URLSearchParams({ time: String(m.time) });
  if (logType === 'AFSQL') {
    p.set('ip', m.peer.ip);
    p.set('port', String(m.peer.port));
  } else {
    p.set('sid', String(serverId));
    p.set('pid', String(m.pid));
  }
  return p;
}
