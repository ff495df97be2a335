import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './errors';

/** How long the service waits on a client, in ms; see README "Connections". */
export interface Timeouts {
  /** A socket with no traffic at all is closed after this (fastify connectionTimeout). */
  idle: number;
  /** The request line and headers must arrive within this (http headersTimeout). */
  headers: number;
  /** The whole request, body included, must arrive within this (fastify requestTimeout). */
  request: number;
  /** An idle keep-alive connection is closed after this (fastify keepAliveTimeout). */
  keepAlive: number;
  /** How often Node checks the header and request deadlines (http connectionsCheckingInterval). */
  checkEvery: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { idle: 30_000, headers: 10_000, request: 120_000, keepAlive: 5_000, checkEvery: 1_000 };

/**
 * The fastify options that bound how long a client may hold a connection. A client that keeps
 * dribbling bytes never trips the idle timeout; the header and request deadlines catch it.
 */
export function timeoutOptions(t: Timeouts) {
  return {
    connectionTimeout: t.idle,
    requestTimeout: t.request,
    keepAliveTimeout: t.keepAlive,
    // Passed by fastify to http.createServer: headersTimeout is not a fastify option of its own.
    http: { headersTimeout: Math.min(t.headers, t.request), connectionsCheckingInterval: t.checkEvery },
  };
}

/**
 * Node closes a socket that is silent for `idle` ms even while its request is being answered, so a
 * slow answer (a week of telemetry, a write waiting on a lock) reached the client as a connection
 * closed without a word. A socket whose answer is still being prepared is spared; an idle socket, or
 * one whose written answer the client does not read, is closed as before.
 *
 * The answer is looked up only when a socket times out, where Node's own timeout handler finds it
 * (`_httpMessage`, the response the socket carries now): nothing is done per request. A listener per
 * request and answer cost the load mix a few percent.
 */
export function spareSocketsBeingAnswered(server: Server) {
  // With a listener here Node no longer closes timed-out sockets itself: every other case is closed below.
  server.on('timeout', (socket: Socket & { _httpMessage?: ServerResponse | null }) => {
    const res = socket._httpMessage;
    if (res && !res.headersSent) return; // the timer starts again at the answer's first byte
    socket.destroy();
  });
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Payload Too Large', 431: 'Request Header Fields Too Large' };

/**
 * Errors Node's HTTP parser raises before any route exists (headers too large, a malformed request,
 * a timeout) answered in the API's error shape instead of Fastify's: written to the raw socket.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'the request headers are too large (at most 16 KiB)']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'the request took too long to arrive']
        : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
          ? [413, 'the request is too large']
          : [400, 'the request is not valid HTTP'];
  const body = JSON.stringify(errorBody(status, message));
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}
