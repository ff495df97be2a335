import { changesAnswer, changesQuery } from '../../shared/changes';
import { MAX_TIME, processDiffAnswer, processDiffQuery } from '../../shared/process-diff';
import type { JsonSchema, Operation } from './openapi-operation';

/** An epoch-seconds parameter read as the minute that contains it (the transform JSON Schema cannot say). */
const minute = (what: string): JsonSchema => ({ type: 'integer', minimum: 0, maximum: MAX_TIME, description: `${what} (epoch seconds; the minute containing it)` });

/** Investigating a server's past (beyond the spec, issue 12): process time travel and "what changed". */
export const TIME_TRAVEL_OPERATIONS: Operation[] = [
  {
    method: 'GET',
    path: '/servers/:id/processes/diff',
    tag: 'Processes',
    summary: 'The processes of two minutes compared: started, ended, changed (largest change first)',
    description: [
      '`from` and `to` are epoch seconds, each read as the minute containing it; `to` must not be before `from` (400).',
      'A process (pid and create time) only at `to` started, only at `from` ended, at both with a moved field changed; each item carries cpu, memory, thread_num and file_num before, after and delta (missing values count as 0 in a delta).',
      "Size of a change: per field, |delta| divided by the largest |delta| of that field in the same list (the top mover of each field scores 1); `score` is the largest of these; lists are sorted by score, then by the sum of the parts, then by uid.",
      'A minute without any record of the server is a 404 naming `from` or `to` (an empty list would claim that no process ran). Another account\'s server is a 404.',
    ].join('\n\n'),
    params: processDiffQuery,
    fields: { from: minute('The earlier minute'), to: minute('The later minute') },
    response: processDiffAnswer,
  },
  {
    method: 'GET',
    path: '/servers/:id/changes',
    tag: 'Servers',
    summary: "What changed at a minute: the server's series and its processes' ranked by how much of the server's change they explain",
    description: [
      '`time` (epoch seconds, read as its minute) and `limit` (1-100, default 10).',
      'Series: every numeric field of the server record (per-part maps as `field.part`) and cpu, memory, thread_num, file_num, socket_num, file_read, file_write, socket_read, socket_write of each process running at the minute.',
      "Baseline, per series: the same minute on each of the previous 7 days when at least 3 have a value (`week`), else the previous hour's minutes when at least 10 have one (`hour`); a series with neither is not ranked.",
      '`change` = value - baseline median, in the series\' unit. `impact`, the ranking key, is |change| in the size of the whole server: percent fields of 100 points (a core: 100 x the number of cores), other fields of the server\'s usual level (the baseline median of the server\'s total, at least 1); averages (avg_response_time) have impact 0. A process series also carries `share` (its change over the larger of the server\'s change in that field and the sum of its processes\' changes) and `server_change`. A server series counts only for the part of its change its processes do not explain (its parts likewise). Items are sorted by impact, then |z|.',
      '`score`: the robust z-score (value - median) / scale, scale = 1.4826 x MAD floored at 1% of |median| and at 1e-6, capped to ±99; `unusual` is |z| >= 3.5. It says how unusual a move is for that series, not how big it is. `recent` is the hour ending at the minute, for a sparkline.',
      "A minute without the server's record is a 404 naming `time`. Another account's server is a 404.",
    ].join('\n\n'),
    params: changesQuery,
    fields: { time: minute('The minute to explain') },
    response: changesAnswer,
  },
];
