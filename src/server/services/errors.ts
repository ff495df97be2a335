// Errors of the domain. Services throw these and know nothing of HTTP; the edge (http/errors.ts) turns
// each kind into its status and answers the message and the field in the API's error shape.

/** What went wrong: the caller's input (`invalid`), its rights, a missing resource, a clash, or a request the resource cannot serve. */
export type DomainErrorKind = 'invalid' | 'forbidden' | 'not-found' | 'conflict' | 'unprocessable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** The parameter at fault, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Input that breaks a rule of the domain; `field` names the parameter. */
export const invalid = (message: string, field?: string) => new DomainError('invalid', message, field);
/** Missing ids and ids of other accounts read the same, so existence never leaks across tenants. */
export const notFound = (what: string) => new DomainError('not-found', `${what} not found`);
/** A minute without any data of the server (investigation endpoints), naming the time parameter. */
export const notFoundAt = (field: string, minute: number) =>
  new DomainError('not-found', `no data of the server at ${field} (${new Date(minute * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC)`, field);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const conflict = (message: string, field?: string) => new DomainError('conflict', message, field);
/** Well-formed, but this resource cannot serve it (a backtest of an alert type that cannot be replayed). */
export const unprocessable = (message: string, field?: string) => new DomainError('unprocessable', message, field);
