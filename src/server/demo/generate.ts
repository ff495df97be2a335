import type { Batch, Connection } from '../../shared/ingest';
import { buildFleet, type DemoServer, type Fleet } from './fleet';
import { logMessages, SERVICE_LOG, type LogRef } from './logs';
import { polledResults } from './polled';
import { processesAt, serviceProcess } from './processes';
import { processDetails, processSamples, serverCpu, serverSample, type Traffic } from './sample';
import { statsdFlushes } from './statsd';
import { incoming, linkSockets, outgoing } from './topology';
import { transactionsFor } from './transactions';

/** What the account configured for a server (from its collector config); the rest comes from the fleet. */
export interface ServerEnv {
  logs?: LogRef[];
  /** Whether transactions are on for the account (AFURL/AFSQL messages are sent only then). */
  transactions?: boolean;
  /** Pad each server's process list to at least this many processes (load tests). */
  processes?: number;
}

/** The id of a server's batch for a minute: stable, so a replay stores nothing twice. */
export const batchId = (s: DemoServer, minute: number) => `${s.guid}-${minute}`;

function connectionsOf(fleet: Fleet, s: DemoServer, minute: number, pid: number, createTime: number) {
  const conns: Connection[] = [];
  let responses = 0;
  let latencyTotal = 0;
  for (const l of outgoing(fleet, s)) {
    for (const k of linkSockets(fleet, l, minute)) {
      conns.push({
        pid, create_time: createTime, role: 'client', local_ip: s.ip, local_port: k.clientPort, peer_ip: k.serverIp, peer_port: k.serverPort,
        state: 'ESTABLISHED', sent: k.up, recv: k.down, responses: k.requests, response_time_us: k.requests * (k.latencyUs + 300),
      });
    }
  }
  for (const l of incoming(fleet, s)) {
    for (const k of linkSockets(fleet, l, minute)) {
      responses += k.requests;
      latencyTotal += k.requests * k.latencyUs;
      conns.push({
        pid, create_time: createTime, role: 'server', local_ip: s.ip, local_port: k.serverPort, peer_ip: k.clientIp, peer_port: k.clientPort,
        state: 'ESTABLISHED', sent: k.down, recv: k.up, responses: k.requests, response_time_us: k.requests * k.latencyUs,
      });
    }
  }
  return { conns, responses, latencyUs: responses ? Math.round(latencyTotal / responses) : 0 };
}

/**
 * The batch server `s` uploads for `minute` (epoch seconds, a multiple of 60). Pure: the same fleet,
 * server, minute and env always give the same batch.
 */
export function generateBatch(fleet: Fleet, s: DemoServer, minute: number, env: ServerEnv = {}): Batch {
  const procs = processesAt(fleet, s, minute, env.processes);
  const service = serviceProcess(procs);
  const { conns, responses, latencyUs } = connectionsOf(fleet, s, minute, service.pid, service.create_time);
  const logs = (env.logs ?? [])
    .filter((l) => l.source_type !== 'AFURL' && l.source_type !== 'AFSQL')
    .map((l) => ({ log_id: l.id, messages: logMessages(fleet, s, l, minute) }))
    .filter((l) => l.messages.length > 0);
  const serviceLog = (env.logs ?? []).find((l) => l.source_type === 'FILE' && l.source === SERVICE_LOG[s.software]);
  const serviceMessages = serviceLog ? (logs.find((l) => l.log_id === serviceLog.id)?.messages ?? []) : [];
  const traffic: Traffic = {
    read: conns.reduce((n, c) => n + c.recv, 0) + 20_000,
    write: conns.reduce((n, c) => n + c.sent, 0) + 15_000,
    sockets: conns.length,
    responses,
    latencyUs,
    logTotal: serviceMessages.length,
    logCritical: serviceMessages.filter((m) => m.severity === 'critical').length,
  };
  const cpu = serverCpu(fleet, s, minute);
  return {
    batch_id: batchId(s, minute),
    guid: s.guid,
    minute,
    server: serverSample(fleet, s, minute, procs, traffic),
    processes: processSamples(fleet, s, minute, procs, service, traffic, cpu),
    process_details: processDetails(s, minute, procs),
    connections: conns,
    logs,
    polled: polledResults(fleet, s, minute),
    statsd: statsdFlushes(fleet, s, minute, responses, latencyUs),
    transactions: env.transactions === false ? [] : transactionsFor(fleet, s, minute, service.pid),
  };
}

/**
 * Every server's batch for one minute, without HTTP: the load generator of the benchmarks.
 * `envOf` gives each server's configured logs (none by default).
 */
export function generateMinute(fleet: Fleet, minute: number, envOf: (s: DemoServer) => ServerEnv = () => ({})): Batch[] {
  return fleet.servers.map((s) => generateBatch(fleet, s, minute, envOf(s)));
}

const fleets = new Map<string, Fleet>();

/**
 * The load generator of the benchmarks: the batches of `servers` demo servers for one minute, without
 * HTTP and without configured logs. `processes` pads each server to that many processes.
 */
export function fleetBatches(servers: number, minute: number, opts: { seed?: number; processes?: number } = {}): Batch[] {
  const key = `${servers}/${opts.seed ?? 1}`;
  let fleet = fleets.get(key);
  if (!fleet) fleets.set(key, (fleet = buildFleet(servers, opts.seed ?? 1)));
  return generateMinute(fleet, minute, () => ({ processes: opts.processes }));
}
