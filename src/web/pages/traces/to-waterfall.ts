import { EXTERNAL_UID, type TraceProcess, type TraceResponse, type TraceTransaction } from '../../../shared/transaction-data';
import { formatDuration } from '../../components/charts/units';
import { slowestPath } from './to-elements';

/** One call of a trace on the waterfall's time axis. */
export interface WaterfallRow {
  id: number;
  /** Nesting: 0 for a call no other call of the trace encloses. */
  depth: number;
  client: string;
  server: string;
  /** Seconds from the axis start; null when neither side logged the call (no time within its minute). */
  offset: number | null;
  /** The call's logged duration (the transaction list's number); null when not logged. */
  duration: number | null;
  /** The socket's per-minute average, when the call was not logged. */
  average: number | null;
  /** The trace's own request (the message it started from). */
  isStart: boolean;
  slow: boolean;
  /** What the numbers are and why some are missing, for people (the tooltip and the focus text). */
  details: string[];
}

export interface Waterfall {
  rows: WaterfallRow[];
  /** Epoch seconds of the axis start (on the initial server's clock) and the axis length in seconds. */
  origin: number;
  span: number;
  ticks: { at: number; label: string }[];
}

const processName = (p: TraceProcess | undefined) => (!p ? 'unknown process' : p.uid === EXTERNAL_UID ? 'External' : `${p.name} (${p.serverNickName || p.serverHostName})`);
const serverName = (p: TraceProcess | undefined) => (p ? p.serverNickName || p.serverHostName : 'its server');

/** A step of 1, 2, 2.5 or 5 times a power of ten giving about `target` ticks over `span` seconds. */
export function tickStep(span: number, target = 5): number {
  const raw = span / target;
  const p = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 2.5, 5, 10].find((m) => m * p >= raw) ?? 10) * p;
}

/** Ticks from 0 to the span at a nice step, labelled as durations from the axis start. */
export function axisTicks(span: number): { at: number; label: string }[] {
  const step = tickStep(span);
  const out: { at: number; label: string }[] = [];
  // Rounded to a nanosecond so 0.1 + 0.2 does not drift into a tick label.
  for (let i = 0; i * step <= span + step * 1e-9; i++) out.push({ at: Math.round(i * step * 1e9) / 1e9, label: i === 0 ? '0' : formatDuration(i * step) });
  return out;
}

/** Why a call has no latency, or what it is, in words. */
function latencyText(t: TraceTransaction, procs: Map<number, TraceProcess>): string {
  const timing = t.timing;
  const caller = processName(procs.get(t.clientProcessId));
  const callee = processName(procs.get(t.serverProcessId));
  if (!timing) return 'latency not known';
  if (timing.latency !== null) return `latency (client minus server duration): ${formatDuration(timing.latency)}`;
  switch (timing.latencyGap) {
    case 'client-average':
      return `latency not measurable: ${caller} logged no message for this call, only its socket's average over the minute (${formatDuration(t.clientDuration)})`;
    case 'server-average':
      return `latency not measurable: ${callee} logged no message for this call, only its socket's average over the minute (${formatDuration(t.serverDuration)})`;
    case 'both-average':
      return 'not logged on either side: when it ran within its minute is unknown, and so is its latency';
    default:
      return 'latency not measurable: the other side is outside the fleet';
  }
}

function detailsOf(t: TraceTransaction, procs: Map<number, TraceProcess>, offset: number | null): string[] {
  const timing = t.timing;
  const out: string[] = [];
  if (timing && timing.duration !== null && offset !== null) {
    const by = procs.get(timing.measuredBy === 'server' ? t.serverProcessId : t.clientProcessId);
    out.push(`starts at +${formatDuration(offset)}, takes ${formatDuration(timing.duration)} (logged by ${processName(by)})`);
    if (timing.clock === 'unknown') out.push(`clock offset of ${serverName(by)} unknown: placed as its clock logged it`);
  } else {
    out.push(`average over its minute: ${formatDuration(timing?.average ?? Math.max(t.clientDuration, t.serverDuration))}`);
  }
  out.push(latencyText(t, procs));
  return out;
}

/**
 * The trace as a waterfall: one row per call, its logged start (on the initial server's clock) and
 * duration on a shared axis, each call nested under the call into its caller that encloses it in
 * time; calls nobody logged (socket averages) sit under their caller's call without a bar.
 */
export function toWaterfall(trace: TraceResponse): Waterfall {
  const procs = new Map(trace.processes.map((p) => [p.id, p]));
  const slow = slowestPath(trace);
  const times = new Map<TraceTransaction, { start: number; duration: number }>();
  for (const t of trace.transactions) {
    const { start, duration } = t.timing ?? { start: null, duration: null };
    if (start !== null && duration !== null) times.set(t, { start, duration });
  }
  const spans = [...times.values()];
  const origin = spans.length ? Math.min(...spans.map((x) => x.start)) : 0;
  const end = spans.length ? Math.max(...spans.map((x) => x.start + x.duration)) : 0;
  const span = Math.max(end - origin, 0.001);

  // The parent of a call: the tightest timed call into its caller that encloses its start (1 ms of
  // slack for the milliseconds messages are logged in); an untimed call goes under any call into its caller.
  const SLACK = 0.001;
  const parentOf = (t: TraceTransaction): TraceTransaction | null => {
    const into = trace.transactions.filter((p) => p !== t && p.serverProcessId === t.clientProcessId && p.clientProcessId !== t.clientProcessId);
    const own = times.get(t);
    if (!own) return into.find((p) => times.has(p)) ?? into[0] ?? null;
    const enclosing = into.flatMap((p) => {
      const x = times.get(p);
      return x && x.start - SLACK <= own.start && own.start <= x.start + x.duration + SLACK ? [{ p, start: x.start }] : [];
    });
    return enclosing.sort((a, b) => b.start - a.start)[0]?.p ?? null;
  };
  const children = new Map<TraceTransaction | null, TraceTransaction[]>();
  for (const t of trace.transactions) {
    const p = parentOf(t);
    children.set(p, [...(children.get(p) ?? []), t]);
  }
  const byTime = (a: TraceTransaction, b: TraceTransaction) => (times.get(a)?.start ?? Infinity) - (times.get(b)?.start ?? Infinity) || a.id - b.id;
  const rows: WaterfallRow[] = [];
  const seen = new Set<TraceTransaction>();
  const walk = (t: TraceTransaction, depth: number) => {
    if (seen.has(t)) return;
    seen.add(t);
    const x = times.get(t);
    const offset = x ? x.start - origin : null;
    rows.push({
      id: t.id,
      depth,
      client: processName(procs.get(t.clientProcessId)),
      server: processName(procs.get(t.serverProcessId)),
      offset,
      duration: x ? x.duration : null,
      average: x ? null : (t.timing?.average ?? Math.max(t.clientDuration, t.serverDuration)),
      isStart: t.id === trace.request.transactionId,
      slow: slow.has(t.id),
      details: detailsOf(t, procs, offset),
    });
    for (const c of [...(children.get(t) ?? [])].sort(byTime)) walk(c, depth + 1);
  };
  for (const t of [...(children.get(null) ?? [])].sort(byTime)) walk(t, 0);
  // Calls whose parents enclose each other in a cycle have no root: show them flat.
  for (const t of [...trace.transactions].sort(byTime)) walk(t, 0);
  // The service pairs calls with a second of slack for clocks; one that ran outside the request says so.
  const first = rows.find((r) => r.isStart && r.offset !== null);
  for (const r of rows) {
    if (!first || r === first || r.depth > 0 || r.offset === null || r.duration === null) continue;
    if (r.offset + r.duration < first.offset! - SLACK || r.offset > first.offset! + first.duration! + SLACK) r.details.push("outside the traced request's span: it may belong to another request");
  }
  return { rows, origin, span, ticks: axisTicks(span) };
}
