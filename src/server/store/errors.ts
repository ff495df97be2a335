/** The store cannot be reached (database down, connection lost): answered 503, retried by clients. */
export class StoreUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(detail: string) {
    super(`The database is unavailable: ${detail}`);
    this.name = 'StoreUnavailableError';
  }
}
