import type { TransactionMessage } from '../../shared/ingest';
import type { Severity } from '../store/repos/log-data';
import { SPAN_KIND, STATUS_ERROR, type Attributes, type OtlpLogRecord, type OtlpSpan } from '../ingest/otlp-model';

/** How far in the past and future (seconds from now) an OTLP item's time is accepted. */
export const OTLP_TIME_WINDOW = { past: 24 * 3600, future: 300 } as const;

/** The longest address and statement kept (the collector protocol's bounds). */
const ADDRESS_MAX = 64;
const STATEMENT_MAX = 16_384;
const LOG_TEXT_MAX = 65_536;

/** Application templates (shared/app-templates.ts) of the SDK languages (telemetry.sdk.language) whose services become applications. */
export const LANGUAGE_TEMPLATES: Readonly<Record<string, number>> = { nodejs: 17 /* Node.js */, java: 16 /* Java / JVM */ };

/** Where a resource's items go: its service and host (resource attributes service.name, host.name). */
export interface ResourceTarget {
  service: string;
  host: string | null;
  pid: number;
}

// NUL is no character PostgreSQL stores in text: it is replaced, here as the store does for messages.
const text = (a: Attributes, ...keys: string[]): string | undefined => {
  for (const k of keys) {
    const v = a[k];
    if (v !== undefined && v !== '') return String(v).replaceAll('\0', '\uFFFD');
  }
  return undefined;
};
const port = (a: Attributes, ...keys: string[]): number => {
  const n = Number(text(a, ...keys) ?? 0);
  return Number.isInteger(n) && n >= 0 && n <= 65535 ? n : 0;
};

/** The service, host and process of a resource (`unknown_service` when it names no service, as the SDKs do). */
export function resourceTarget(resource: Attributes): ResourceTarget {
  const pid = Number(resource['process.pid'] ?? 0);
  return {
    service: text(resource, 'service.name') ?? 'unknown_service',
    host: text(resource, 'host.name') ?? null,
    pid: Number.isSafeInteger(pid) && pid >= 0 ? pid : 0,
  };
}

/** Seconds (to the microsecond) of a nanosecond time. */
export const nanosToSeconds = (n: bigint): number => Number(n / 1000n) / 1e6;

/** Whether a time (seconds) is inside OTLP_TIME_WINDOW around now. */
export const inWindow = (t: number, now: number): boolean => t >= now - OTLP_TIME_WINDOW.past && t <= now + OTLP_TIME_WINDOW.future;

/**
 * A span as a transaction message, or null for a span that is not one side of a call (INTERNAL,
 * UNSPECIFIED). The trace view pairs a call's two sides by socket: the client's peer is the
 * server's own socket and back. OTLP gives the called address (`server.address`:`server.port`, or
 * the older `net.peer.name`/`net.host.name` with their ports) on both sides, but rarely the client's
 * own socket, so a CLIENT span's own socket is `span:<its span id>`:0 and a SERVER span's peer is
 * `span:<its parent span id>`:0: the two sides pair exactly when the server span is the client
 * span's child. SERVER and CONSUMER spans are `url` messages (the serving side), CLIENT and PRODUCER
 * spans `sql` messages (the calling side), as the collector's AFURL and AFSQL logs are.
 */
export function spanMessage(span: OtlpSpan, target: ResourceTarget): TransactionMessage | null {
  const serving = span.kind === SPAN_KIND.SERVER || span.kind === SPAN_KIND.CONSUMER;
  const calling = span.kind === SPAN_KIND.CLIENT || span.kind === SPAN_KIND.PRODUCER;
  if (!serving && !calling) return null;
  const a = span.attributes;
  const start = nanosToSeconds(span.startNanos);
  const duration = span.endNanos > span.startNanos ? nanosToSeconds(span.endNanos - span.startNanos) : 0;
  const called = {
    ip: (text(a, 'server.address', serving ? 'net.host.name' : 'net.peer.name', 'peer.service') ?? (serving ? target.host ?? target.service : '')).slice(0, ADDRESS_MAX),
    port: port(a, 'server.port', serving ? 'net.host.port' : 'net.peer.port'),
  };
  const own = serving ? called : { ip: `span:${span.spanId}`, port: 0 };
  const peer = calling ? called : span.parentSpanId ? { ip: `span:${span.parentSpanId}`, port: 0 } : { ip: (text(a, 'client.address', 'net.peer.ip') ?? '').slice(0, ADDRESS_MAX), port: port(a, 'client.port', 'net.peer.port') };
  return {
    log_type: serving ? 'url' : 'sql',
    event: span.statusCode === STATUS_ERROR ? 'error' : 'request',
    version: 1,
    application: target.service.slice(0, 255),
    time: start,
    pid: target.pid,
    ppid: 0,
    socket: 0,
    own_ip: own.ip,
    own_port: own.port,
    peer_ip: peer.ip,
    peer_port: peer.port,
    statement: (span.statusCode === STATUS_ERROR && span.statusMessage ? `${span.name} (error: ${span.statusMessage})` : span.name).slice(0, STATEMENT_MAX),
    duration,
  };
}

/**
 * Our severity of an OTLP log record: severity_number 1-12 (TRACE, DEBUG, INFO) info, 13-16 (WARN)
 * warning, 17-24 (ERROR, FATAL) critical; unset (0) read from severity_text, else info.
 */
export function severityOf(r: Pick<OtlpLogRecord, 'severityNumber' | 'severityText'>): Severity {
  const n = r.severityNumber;
  if (n >= 17) return 'critical';
  if (n >= 13) return 'warning';
  if (n >= 1) return 'info';
  const t = r.severityText.toLowerCase();
  if (/^(err|fatal|crit|alert|emerg)/.test(t)) return 'critical';
  if (t.startsWith('warn')) return 'warning';
  return 'info';
}

/** A log record as a log message: its time (observed time when unset) to the second, its body as text. */
export function logMessage(r: OtlpLogRecord): { time: number; severity: Severity; data: string } {
  const nanos = r.timeNanos > 0n ? r.timeNanos : r.observedNanos;
  return { time: Number(nanos / 1_000_000_000n), severity: severityOf(r), data: r.body.slice(0, LOG_TEXT_MAX) };
}

/** The log source of a service's records on its host's server: a FILE-type log under /otlp/. */
export const otlpLogSource = (service: string): string => `/otlp/${service.replace(/[\0\r\n\uFFFD]/g, '_').slice(0, 255)}`;
