import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { ingestTokenAccount } from '../services/external-alerts';
import { authenticatorFor, parseBasic, unauthorized } from './auth';
import { ApiError } from './errors';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The account an ingest request outside /api acts for (POST /api/v2/alerts, OTLP's /v1/traces and /v1/logs,
 * Prometheus remote write and query API): an ingest
 * token (`Authorization: Bearer`) or a user's e-mail and key (Basic, through the same authenticator
 * and wrong-key throttle as the rest of the API).
 */
export async function ingestAccount(deps: Deps, req: FastifyRequest): Promise<number> {
  const header = req.headers.authorization;
  const bearer = header ? BEARER.exec(header)?.[1] : undefined;
  if (bearer) {
    const account = await ingestTokenAccount(deps.store, bearer, deps.now());
    if (account === null) throw new ApiError(401, 'the ingest token is not valid (unknown or revoked)');
    return account;
  }
  const creds = parseBasic(header);
  if (!creds) throw unauthorized(req, 'authentication required: Authorization: Bearer <ingest token>, or HTTP Basic with your e-mail and API key');
  return (await authenticatorFor(deps).verify(req, creds.email, creds.key)).account.id;
}
