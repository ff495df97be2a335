import type { FastifyInstance, FastifyRequest } from 'fastify';
import { silenceInput, silenceListQuery } from '../../shared/incident-response';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { envelope } from '../http/paging';
import { silenceWrite, toSilenceItem, unknownReference } from '../services/silences';

/**
 * Extension (issue 18): silences. While one matches an incident, its e-mails, SMS and pushes are
 * recorded as 'silenced' and not sent; callbacks still go, saying silenced=true. Everyone reads;
 * Managers and the owner write (http/access.ts); expired silences stay listed.
 */
export function silenceRoutes(app: FastifyInstance, { store, now }: Deps) {
  async function parseSilence(req: FastifyRequest, defaultStart: number, createdBy: number | null) {
    const w = silenceWrite(parseInput(req, silenceInput), defaultStart, createdBy);
    if ('message' in w) throw badRequest(w.message, w.field);
    const problem = await unknownReference(store, req.account.id, w);
    if (problem) throw badRequest(problem.message, problem.field);
    return w;
  }
  async function silenceOr404(accountId: number, id: number | null) {
    const s = id === null ? null : await store.silences.get(accountId, id);
    if (!s) throw notFound('silence');
    return s;
  }

  app.get('/silences', async (req) => {
    const q = parseInput(req, silenceListQuery);
    const t = now();
    const page = await store.silences.list(req.account.id, { ...q, now: t });
    return envelope(req, q, { total: page.total, items: page.items.map((s) => toSilenceItem(s, t)) });
  });

  app.post('/silences', async (req, reply) => {
    const t = now();
    const w = await parseSilence(req, t, req.user.id);
    const s = await store.silences.create(req.account.id, w, t);
    reply.status(201);
    return toSilenceItem(s, t);
  });

  app.get('/silences/:id', async (req) => toSilenceItem(await silenceOr404(req.account.id, pathId(req)), now()));

  // Replaces the silence as POST takes it, except that an omitted start keeps its own (not now).
  app.put('/silences/:id', async (req) => {
    const s = await silenceOr404(req.account.id, pathId(req));
    const w = await parseSilence(req, s.start, s.createdBy);
    const updated = await store.silences.update(req.account.id, s.id, w);
    if (!updated) throw notFound('silence');
    return toSilenceItem(updated, now());
  });

  app.delete('/silences/:id', async (req) => {
    const s = await silenceOr404(req.account.id, pathId(req));
    await store.silences.delete(req.account.id, s.id);
    return { result: 'Success' };
  });
}
