import type { FastifyInstance } from 'fastify';
import { LOG_SEARCH_DEFAULT_WINDOW, LOG_SEARCH_MAX_WINDOW, logSearchItem, logSearchQuery } from '../../shared/log-search';
import type { Deps } from '../deps';
import { badRequest } from '../http/errors';
import { parseInput } from '../http/input';
import { envelope } from '../http/paging';
import { route } from '../http/route';
import { LogSearchError, searchLogs } from '../services/log-search';

const list = (what: string) => ({ type: 'string', description: `${what}: a JSON list ("[1,2]"), or one bare value; empty is no filter` });

/** GET /logs/search/: one search across every log of the account (issue 17). */
export function logSearchRoutes(app: FastifyInstance, { store, now }: Deps) {
  route(app, {
    method: 'GET',
    path: '/logs/search',
    tag: 'Logs',
    summary: 'Search the messages of every log of the account: newest first, filtered by text, severity, server, tag, set and source type',
    description: [
      '`filter`: the message contains this text, ignoring case (ASCII letters on SQLite; every letter on PostgreSQL). It is a plain substring, not the basic regular expression of `/logs/{id}/detail/` (which must match the whole message).',
      '`severity`: info, warning or critical (any case). `source_type`: EVENTLOG, SYSLOG and/or FILE (AFURL and AFSQL messages have their own endpoints and are never searched here).',
      '`servers`, `tags`, `sets`: id lists; each one given narrows the servers searched (a server must be in every list given, in any id of one list). An id that is not the account\'s is a 400 naming the parameter. Deleted servers\' logs are never searched.',
      `\`start\` and \`end\`: epoch seconds, both inclusive, on the message time. \`end\` defaults to now, \`start\` to ${LOG_SEARCH_DEFAULT_WINDOW} seconds before \`end\`; a window longer than ${LOG_SEARCH_MAX_WINDOW} seconds (7 days) is a 400 naming \`start\`, so no search reads unbounded history.`,
      'Items: `time` (epoch seconds), `severity`, `message`, `log_id`, `source_type`, `source`, `server_id`, `hostname`, `nickname`; ordered by time, newest first (ties by log and arrival, newest first). Paged with the standard envelope (`limit` 1-500, default 100; `page`).',
    ].join('\n\n'),
    params: logSearchQuery,
    fields: { servers: list('Server ids'), tags: list('Server tag ids'), sets: list('Server set ids'), source_type: list('Source types') },
    response: logSearchItem,
    paged: true,
  }, async (req) => {
    const q = parseInput(req, logSearchQuery);
    try {
      return envelope(req, q, await searchLogs(store, req.account.id, q, now()));
    } catch (e) {
      if (e instanceof LogSearchError) throw badRequest(e.message, e.field);
      throw e;
    }
  });
}
