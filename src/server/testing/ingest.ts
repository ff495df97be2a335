import { gzipSync } from 'node:zlib';
import type { z } from 'zod';
import type { batch, Registration } from '../../shared/ingest';

/** A batch as a collector may send it (defaults not yet applied). */
export type BatchInput = z.input<typeof batch>;
import { basicHeader, type TestAccount, type TestService } from './harness';

/** A registration with sensible defaults, for tests that need a server fed through the collector API. */
export function registrationFor(guid: string, over: Partial<Registration> = {}): Registration {
  return {
    guid,
    hostname: `host-${guid}`,
    os: 'Linux',
    os_detail: 'Debian 12',
    arch: 'x86_64',
    capacity_mem: 8 * 1024 ** 3,
    capacity_cpu_num: 4,
    capacity_cpu_freq: 2400,
    capacity_disks: { '/': 100_000 },
    network_interfaces: [{ ip: ['10.0.0.1'], friendly_name: 'eth0', name: 'eth0' }],
    current_version: 1,
    ...over,
  };
}

/** Registers a server through POST /api/v5/collector/register and returns its id. */
export async function registerTestServer(svc: TestService, guid: string, as?: TestAccount, over: Partial<Registration> = {}): Promise<number> {
  const r = await svc.request('POST', '/api/v5/collector/register', { json: registrationFor(guid, over), as });
  if (r.status !== 200 && r.status !== 201) throw new Error(`register failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.server_id as number;
}

/** A batch for the minute with a server sample and the given processes (defaults fill the rest). */
export function batchFor(guid: string, minute: number, over: Partial<BatchInput> = {}): BatchInput {
  return {
    batch_id: `${guid}-${minute}`,
    guid,
    minute,
    server: { cpu: 10, memory: 1000 },
    processes: [],
    process_details: [],
    connections: [],
    logs: [],
    polled: [],
    statsd: [],
    transactions: [],
    ...over,
  };
}

/** Posts a batch (optionally gzip-encoded) and returns the raw response. */
export async function postBatch(svc: TestService, batch: unknown, opts: { as?: TestAccount | null; gzip?: boolean } = {}) {
  if (!opts.gzip) return svc.request('POST', '/api/v5/collector/batches', { json: batch, as: opts.as });
  const res = await fetch(`${svc.baseUrl}/api/v5/collector/batches`, {
    method: 'POST',
    headers: {
      ...(opts.as === null ? {} : { authorization: basicHeader(opts.as ?? svc.account) }),
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    },
    body: gzipSync(JSON.stringify(batch)),
  });
  return { status: res.status, body: (await res.json()) as { stored?: boolean; error?: { message: string } } };
}
