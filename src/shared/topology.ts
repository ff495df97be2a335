import { z } from 'zod';
import { jsonTooDeep, tooDeepMessage } from './json-depth';
import { epochParam, intParam } from './params';

/** Minutes of connections used when neither num nor start is given. */
export const TOPOLOGY_DEFAULT_MINUTES = 60;
/** At most a day of minutes per request. */
export const TOPOLOGY_MAX_MINUTES = 1440;

/**
 * `process_groups` arrives as `process_groups[]=<id>` repeated (the spec's form), as a repeated
 * `process_groups`, or as a JSON list in one field; all become one list of ids.
 */
function groupsInput(v: unknown, ctx: z.RefinementCtx): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
  const o = { ...(v as Record<string, unknown>) };
  const raw = o['process_groups[]'] ?? o.process_groups;
  delete o['process_groups[]'];
  if (raw === undefined) return o;
  let list: unknown = raw;
  if (typeof raw === 'string' && jsonTooDeep(raw)) {
    ctx.addIssue({ code: 'custom', message: tooDeepMessage('process_groups'), path: ['process_groups'], input: raw });
    return z.NEVER;
  }
  if (typeof raw === 'string' && raw.trim().startsWith('[')) {
    try {
      list = JSON.parse(raw);
    } catch {
      list = raw;
    }
  } else if (!Array.isArray(raw)) list = [raw];
  return { ...o, process_groups: list };
}

/** GET /application_topology: process_groups (optional), num (minutes), start, end. */
export const topologyQuery = z.preprocess(
  groupsInput,
  z.object({
    process_groups: z.array(intParam('each id in process_groups', { min: 1 }), { error: 'process_groups must be a list of ids' }).max(1000).optional(),
    num: intParam('num', { min: 1, max: TOPOLOGY_MAX_MINUTES }).optional(),
    start: epochParam('start').optional(),
    end: epochParam('end').optional(),
  }).refine((q) => q.start === undefined || q.end === undefined || q.end >= q.start, {
    path: ['end'],
    message: 'end must not be before start',
  }),
);
export type TopologyQuery = z.infer<typeof topologyQuery>;

/** One end of a socket between two process groups. */
export const topologySocket = z.object({
  ip: z.string(),
  port: z.number().int(),
  server_id: z.number().int(),
  pid: z.number().int(),
  uid: z.string(),
});

export const topologyResponse = z.object({
  connections: z.array(
    z.object({
      client_id: z.number().int(),
      server_id: z.number().int(),
      sockets: z.array(z.object({ client: topologySocket, server: topologySocket })),
    }),
  ),
  nodes: z.array(z.object({ name: z.string(), id: z.number().int() })),
});
export type TopologyResponse = z.infer<typeof topologyResponse>;
