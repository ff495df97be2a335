import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { ruleOf, type Rule } from './access';

declare module 'fastify' {
  interface FastifyRequest {
    /** The item as GET answered it before this write (audit). */
    auditBefore?: Record<string, unknown> | null;
  }
}

/** Fields never written to the audit log, whatever resource carries them. */
const SECRET_FIELDS = new Set(['api_key', 'key', 'password', 'secret', 'csrf_token', 'token']);

function redact(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(redact);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v).filter(([k]) => !SECRET_FIELDS.has(k)).map(([k, x]) => [k, redact(x)]));
}

const asObject = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (redact(v) as Record<string, unknown>) : null;

function parseJson(payload: unknown): unknown {
  if (typeof payload !== 'string') return null;
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
}

const fill = (path: string, params: Record<string, unknown>) => path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));

/**
 * The item a read path answers, fetched through the API itself with the caller's own credentials, so
 * the log holds exactly what a GET shows (secrets already hidden) without a reader per resource.
 */
async function readItem(app: FastifyInstance, req: FastifyRequest, path: string, params: Record<string, unknown>) {
  const headers: Record<string, string> = {};
  for (const h of ['authorization', 'cookie'] as const) if (req.headers[h]) headers[h] = String(req.headers[h]);
  const res = await app.inject({ method: 'GET', url: `/api/v5${fill(path, params)}`, headers });
  return res.statusCode === 200 ? asObject(parseJson(res.body)) : null;
}

function resourceId(req: FastifyRequest, rule: Rule, created: Record<string, unknown> | null): number | null {
  const raw = (req.params as Record<string, unknown>)[rule.idParam ?? 'id'];
  if (typeof raw === 'string' && /^\d{1,15}$/.test(raw)) return Number(raw);
  return typeof created?.id === 'number' ? created.id : null;
}

/**
 * Hooks that write the audit log: every successful configuration change, with who, when, what, and
 * the item before and after (as GET shows it). Installed on the /api scopes after the role check.
 */
export function installAudit(app: FastifyInstance, { store, now }: Deps) {
  app.addHook('preHandler', async (req) => {
    const rule = ruleOf(req);
    if (!rule || rule.noAudit || !rule.read || rule.action === 'create') return;
    req.auditBefore = await readItem(app, req, rule.read, req.params as Record<string, unknown>);
  });

  // preSerialization sees the handler's object before compression turns the payload into a stream.
  app.addHook('preSerialization', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const rule = ruleOf(req);
    if (!rule || rule.noAudit || reply.statusCode >= 400) return payload;
    const answer = asObject(payload);
    const id = resourceId(req, rule, answer);
    let after: Record<string, unknown> | null = null;
    if (req.method !== 'DELETE' || rule.action === 'revoke_key') {
      const params = { ...(req.params as object), [rule.idParam ?? 'id']: id };
      after = rule.read && id !== null ? await readItem(app, req, rule.read, params) : answer;
      if (after && Object.keys(after).length === 0) after = null;
    }
    const entry = {
      time: now(),
      user_id: req.user.id,
      user_email: req.user.email,
      method: req.method,
      path: req.url.split('?')[0]!,
      resource: rule.resource,
      resource_id: id,
      action: rule.action,
      before: req.auditBefore ?? null,
      after,
    };
    // The change is stored already: an entry that cannot be written (a full disk, a lost database) goes to
    // the service's log whole, and the answer stays the change's. An error here would tell the client to
    // send again what was done (a second item made).
    await store.audit.record(req.account.id, entry).catch((err: unknown) => req.log.error({ err, audit: entry }, 'audit entry not written; the change stands'));
    return payload;
  });
}
