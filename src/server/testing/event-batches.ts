import { postBatch, registerTestServer, type BatchInput } from './ingest';
import type { TestAccount, TestService } from './harness';

let seq = 0;

/** Batch parts as a collector sends them (defaults may be left out). */
type Parts = Partial<Omit<BatchInput, 'batch_id' | 'guid' | 'minute' | 'server'>>;

/** A registered server of `account`, fed through the collector API. */
export interface EventServer {
  id: number;
  guid: string;
  account: TestAccount;
}

/** Registers a server through POST /collector/register (with the given interface ip). */
export async function eventServer(svc: TestService, account: TestAccount, hostname: string, ip = '10.0.0.1'): Promise<EventServer> {
  const guid = `guid-${hostname}-${seq++}`;
  const id = await registerTestServer(svc, guid, account, { hostname, network_interfaces: [{ ip: [ip], friendly_name: 'eth0', name: 'eth0' }] });
  return { id, guid, account };
}

/** Sends one batch for the server's minute through POST /collector/batches; fails the test unless stored. */
export async function sendEvents(svc: TestService, server: EventServer, minute: number, parts: Parts): Promise<void> {
  const body = { batch_id: `events-${seq++}`, guid: server.guid, minute, server: { cpu: 1, memory: 1 }, ...parts };
  const r = await postBatch(svc, body, { as: server.account });
  if (r.status >= 300 || r.body.stored !== true) throw new Error(`batch not stored: ${r.status} ${JSON.stringify(r.body)}`);
}

/** Inserts a log row directly (the logs CRUD has its own tests; transaction logs come from the setting). */
export async function seedLog(svc: TestService, server: EventServer, sourceType: string, source: string, limit = 2000): Promise<number> {
  const r = await svc.sql.get<{ id: number }>(
    'INSERT INTO logs (account_id, server_id, source_type, source, "limit", updated) VALUES (?, ?, ?, ?, ?, 0) RETURNING id',
    server.account.id, server.id, sourceType, source, limit,
  );
  return r!.id;
}

/** The id of the server's AFURL or AFSQL log (created by the transactions setting). */
export async function transactionLogId(svc: TestService, server: EventServer, type: 'AFURL' | 'AFSQL'): Promise<number> {
  return (await svc.sql.get<{ id: number }>('SELECT id FROM logs WHERE server_id = ? AND source_type = ?', server.id, type))!.id;
}
