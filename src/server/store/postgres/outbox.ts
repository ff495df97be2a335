import type { OutboxRepo } from '../repos/outbox';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgOutbox(_pg: Pg): OutboxRepo {
  return notYet<OutboxRepo>('outbox');
}
