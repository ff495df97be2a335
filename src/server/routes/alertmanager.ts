import type { FastifyInstance } from 'fastify';
import { postableAlerts } from '../../shared/external-alerts';
import { OUTBOX_EVENT, externalEngineFor } from '../alerting/start';
import type { Deps } from '../deps';
import { emitEvent } from '../events';
import { badRequest } from '../http/errors';
import { ingestAccount } from '../http/ingest-auth';
import { route } from '../http/route';

/** The first problem of a body, naming the alert and field as Alertmanager clients log it. */
function problemOf(body: unknown): string | null {
  if (JSON.stringify(body ?? null).includes('\\u0000')) return 'labels and annotations must not contain NUL characters';
  const r = postableAlerts.safeParse(body);
  if (r.success) return null;
  const issue = r.error.issues[0]!;
  const [index, ...rest] = issue.path;
  const where = typeof index === 'number' ? `alert ${index}${rest.length ? ` (${rest.join('.')})` : ''}: ` : '';
  return `${where}${issue.message}`;
}

/**
 * Alertmanager's API v2 alert intake (extension, issue 19), where Prometheus, vmalert and Grafana post
 * the alerts they fire: each distinct label set is an external alert of the account, opening and
 * resolving its incidents by startsAt/endsAt (alerting/external-engine.ts). Answers 200 with an empty
 * body as Alertmanager does; a body with any invalid alert is refused whole (400), storing nothing.
 * Outside /api/v5: the path is Alertmanager's, so a client configured with Fleetwatch's base URL as
 * its Alertmanager finds it.
 */
export async function alertmanagerRoutes(app: FastifyInstance, deps: Deps) {
  await app.register(
    async (am) => {
      route(am, {
        method: 'POST', path: '/alerts', tag: 'Peer protocols',
        summary: "Alertmanager API v2 alert intake: Prometheus, vmalert and Grafana post the alerts they fire (docs/prometheus-alerts.md)",
        peer: { accepts: ['application/json'], auth: 'ingest' },
      }, async (req, reply) => {
        const accountId = await ingestAccount(deps, req);
        const problem = problemOf(req.body);
        if (problem) throw badRequest(problem);
        const alerts = postableAlerts.parse(req.body);
        const applied = await externalEngineFor(deps).receive(accountId, alerts);
        emitEvent(deps.events, 'ingested', { source: 'alertmanager', rows: { alerts: alerts.length } });
        if (applied.notified) deps.events.emit(OUTBOX_EVENT);
        return reply.code(200).send();
      });
    },
    { prefix: '/api/v2' },
  );
}
