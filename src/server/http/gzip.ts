import { createGunzip } from 'node:zlib';
import type { FastifyRequest, preParsingHookHandler } from 'fastify';
import type { Readable } from 'node:stream';
import { ApiError } from './errors';

/**
 * A route preParsing hook that accepts `Content-Encoding: gzip` bodies. The route's bodyLimit then
 * applies to the decompressed size (Fastify checks the stream we return), so a zip bomb is a 413.
 */
export const gunzipBody: preParsingHookHandler = async (req: FastifyRequest, _reply, payload) => {
  const encoding = String(req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'identity') return payload;
  if (encoding !== 'gzip') throw new ApiError(415, `Content-Encoding ${encoding} is not supported; send gzip or identity`);
  const gunzip = createGunzip();
  const out = gunzip as unknown as Readable & { receivedEncodedLength: number };
  out.receivedEncodedLength = 0;
  payload.on('data', (chunk: Buffer) => {
    out.receivedEncodedLength += chunk.length;
  });
  payload.on('error', (err) => gunzip.destroy(err));
  gunzip.on('error', (err: Error & { statusCode?: number }) => {
    err.statusCode = 400;
    err.message = `the gzip body is damaged: ${err.message}`;
  });
  payload.pipe(gunzip);
  return out;
};
