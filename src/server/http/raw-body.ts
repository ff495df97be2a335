import { Readable } from 'node:stream';
import type { FastifyRequest, preParsingHookHandler } from 'fastify';
import { ApiError } from './errors';

const raws = new WeakMap<FastifyRequest, Buffer>();

/**
 * A route preParsing hook for signed bodies (PagerDuty's webhook): the body's exact bytes are kept for
 * the route (rawBodyOf), and the parsers are handed an empty body, so nothing is parsed, or refused as
 * malformed, before the signature is checked. Bodies over `limit` bytes are a 413.
 */
export function keepRawBody(limit: number): preParsingHookHandler {
  return async (req, _reply, payload) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw new ApiError(413, `the body is larger than ${limit} bytes`);
      chunks.push(chunk);
    }
    raws.set(req, Buffer.concat(chunks));
    // Fastify compares Content-Length with what was received: say the bytes were all read.
    const out = Readable.from([]) as Readable & { receivedEncodedLength: number };
    out.receivedEncodedLength = size;
    return out;
  };
}

/** The exact bytes of a body kept by keepRawBody (empty when none was sent). */
export const rawBodyOf = (req: FastifyRequest): Buffer => raws.get(req) ?? Buffer.alloc(0);
