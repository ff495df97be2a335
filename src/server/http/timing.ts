import type { FastifyReply, FastifyRequest } from 'fastify';

const started = new WeakMap<FastifyRequest, bigint>();

/**
 * Route hooks that add `Server-Timing: app;dur=<ms>` (route start to response send, auth excluded),
 * so benchmarks can read the server's own time apart from the client and the network.
 */
export const serverTiming = {
  onRequest: async (req: FastifyRequest) => {
    started.set(req, process.hrtime.bigint());
  },
  onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const t0 = started.get(req);
    if (t0 !== undefined) reply.header('server-timing', `app;dur=${(Number(process.hrtime.bigint() - t0) / 1e6).toFixed(3)}`);
    return payload;
  },
};
