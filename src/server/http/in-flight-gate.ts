import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

/**
 * A counting gate taken when a request arrives, before its body is read, and given back as its answer
 * is about to be sent (so a client that has the answer finds the slot free) or when the client goes
 * first: beyond `max` writes in flight, 429 with Retry-After, which Prometheus retries with back-off
 * (remote-write spec) instead of dropping the batch.
 */
export function inFlightGate(max: number, what = 'remote writes') {
  let inFlight = 0;
  const held = new WeakMap<FastifyRequest, () => void>();
  return {
    async take(req: FastifyRequest, reply: FastifyReply) {
      if (inFlight >= max) throw new ApiError(429, `too many ${what} in flight (${max}); retry later`, undefined, { 'Retry-After': '1' });
      inFlight++;
      let given = false;
      const give = () => {
        if (!given) inFlight--;
        given = true;
      };
      held.set(req, give);
      reply.raw.once('close', give);
    },
    async give(req: FastifyRequest) {
      held.get(req)?.();
    },
  };
}
