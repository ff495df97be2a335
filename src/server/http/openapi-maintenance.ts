import { maintenanceOccurrence, maintenanceOccurrenceQuery } from '../../shared/maintenance-windows';
import type { JsonSchema, Operation } from './openapi-operation';

const MINUTE_TEXT: JsonSchema = { anyOf: [{ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$' }, { type: 'integer', minimum: 0 }] };

/** Maintenance window create and update: times read in the window's zone, and the recurrence extensions. */
export const MAINTENANCE_FIELDS: Record<string, JsonSchema> = {
  start: {
    ...MINUTE_TEXT,
    description: 'Required. `yyyy-mm-dd hh:mm`, the wall time in time_zone (UTC unless given), or epoch seconds. A recurring window: its first occurrence.',
  },
  end: {
    ...MINUTE_TEXT,
    description: 'As start; required and after start for a one-off window. A recurring window: the optional until (occurrences start before it).',
  },
  servers: { description: 'Server ids (JSON list). Required unless server_tags or server_sets list ids.' },
  server_tags: { description: 'Extension: server tag ids; their servers are resolved whenever the window applies, so a server tagged later is covered.' },
  server_sets: { description: 'Extension: server set ids, resolved like server_tags.' },
  rrule: { description: 'Extension: an RFC 5545 RRULE (FREQ HOURLY to YEARLY, INTERVAL, COUNT, UNTIL, BY... parts), e.g. FREQ=WEEKLY;BYDAY=SU; it runs on wall times in time_zone from start.' },
  duration: { description: 'Extension: minutes each occurrence lasts; required with rrule and only taken with it.' },
  time_zone: { description: 'Extension: an IANA zone (e.g. Europe/Berlin) for the text times and the rule; default UTC. Create and update answer the times in it.' },
};

/** GET /maintenance_windows/{id}/occurrences/ (extension). */
export const maintenanceOccurrencesOperation: Operation = {
    method: 'GET',
    path: '/maintenance_windows/:id/occurrences',
    tag: 'Maintenance windows',
    summary: 'Occurrences of the window overlapping [start, end) (epoch seconds, at most 366 days apart), oldest first (extension)',
    description: "A one-off window has one occurrence, itself. Another account's window answers 404.",
    params: maintenanceOccurrenceQuery,
    response: maintenanceOccurrence,
    paged: true,
  };
