import type { AuditRepo } from '../repos/team';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgAudit(_pg: Pg): AuditRepo {
  return notYet<AuditRepo>('audit');
}
