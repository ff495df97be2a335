import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError, type z } from 'zod';
import type { ErrorBody } from '../../shared/errors';
import { DomainError, type DomainErrorKind } from '../services/errors';
import { asStoreUnavailable } from '../store/errors';

/** An error with its HTTP status, answered in the API's error shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new ApiError(400, message, field);
/** Missing ids and ids of other accounts answer the same, so existence never leaks across tenants. */
export const notFound = (what: string) => new ApiError(404, `${what} not found`);
export const forbidden = (message: string) => new ApiError(403, message);
export const conflict = (message: string, field?: string) => new ApiError(409, message, field);

/** The status each kind of domain error (services/errors.ts) answers with. */
const DOMAIN_STATUS: Record<DomainErrorKind, number> = { invalid: 400, forbidden: 403, 'not-found': 404, conflict: 409, unprocessable: 422 };

/** A service's domain error as the API answers it: its kind's status, its message and field unchanged. */
export const fromDomain = (e: DomainError) => new ApiError(DOMAIN_STATUS[e.kind], e.message, e.field);

export function errorBody(status: number, message: string, field?: string): ErrorBody {
  return { error: field ? { status, message, field } : { status, message } };
}

/** Turns the first zod issue into a 400 that names the parameter and the rule. */
export function fromZod(err: ZodError, input?: Record<string, unknown>): ApiError {
  const issue = err.issues[0];
  if (!issue) return badRequest('invalid input');
  const field = issue.path.length ? String(issue.path[0]) : undefined;
  if (field && input && givenTwice(issue, input[field])) return badRequest(`${field} must be given once`, field);
  // Only a missing field is "required"; a null one is a value that breaks the field's rule.
  if (field && input && issue.path.length === 1 && input[field] === undefined) {
    return badRequest(`${field} is required`, field);
  }
  return badRequest(issueMessage(issue, field), field);
}

/**
 * A form field or query parameter given more than once arrives as an array; where the rule wants one
 * value (text, number, one of a set), that is what the message says, whatever the schema's wording.
 */
function givenTwice(issue: z.core.$ZodIssue, value: unknown): boolean {
  if (issue.path.length !== 1 || !Array.isArray(value)) return false;
  return (issue.code === 'invalid_type' && issue.expected !== 'array') || issue.code === 'invalid_value';
}

function issueMessage(issue: z.core.$ZodIssue, field: string | undefined): string {
  const name = issue.path.map(String).join('.') || 'input';
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return `${name} is required`;
  if (issue.code === 'unrecognized_keys') return `unknown parameter ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_value' && 'values' in issue) {
    const values = issue.values.map(String);
    return values.length === 1 ? `${name} must be ${values[0]}` : `${name} must be one of ${values.join(', ')}`;
  }
  if (field && issue.message.startsWith(field)) return issue.message;
  if (issue.message.startsWith('each ') || issue.message.includes(' must ')) return issue.message;
  return `${name}: ${issue.message}`;
}

/** Answers an ApiError in the error shape, with its headers. */
export function sendError(reply: FastifyReply, e: ApiError) {
  for (const [k, v] of Object.entries(e.headers)) reply.header(k, v);
  return reply.status(e.status).type('application/json').send(errorBody(e.status, e.message, e.field));
}

/** Installs the error handler: every failure, ours or Fastify's, leaves in one shape; never a raw 500. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, req, reply) => {
    if (err instanceof ApiError) return sendError(reply, err);
    if (err instanceof DomainError) return sendError(reply, fromDomain(err));
    if (err instanceof ZodError) return sendError(reply, fromZod(err));
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, new ApiError(413, 'request body is too large'));
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendError(reply, new ApiError(415, 'send parameters as application/x-www-form-urlencoded or application/json'));
    }
    if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return sendError(reply, badRequest('the JSON body is empty'));
    if (fe.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return sendError(reply, badRequest('invalid Content-Length'));
    if (err instanceof SyntaxError || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return sendError(reply, badRequest('the body is not valid JSON'));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return sendError(reply, new ApiError(fe.statusCode, fe.message));
    }
    const unavailable = asStoreUnavailable(err);
    if (unavailable) {
      req.log.warn({ err }, 'store unavailable');
      const why = unavailable.reason ? `cannot use its database (${unavailable.reason})` : 'cannot reach its database';
      return sendError(reply, new ApiError(503, `the service ${why}; retry shortly`, undefined, { 'Retry-After': '5' }));
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, new ApiError(500, 'internal error'));
  });
}
