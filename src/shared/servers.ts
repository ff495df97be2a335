import { z } from 'zod';
import { epochParam, idListParam, listFilter, textParam } from './params';
import { pagingQuery } from './paging';

export const OS_VALUES = ['Windows', 'Linux', 'Solaris'] as const;

export const networkInterface = z.object({
  ip: z.array(z.string()),
  friendly_name: z.string(),
  name: z.string(),
});

/** A server as the API answers it. */
export const server = z.object({
  id: z.number().int(),
  created: z.number().int(),
  os: z.string(),
  hostname: z.string(),
  nickname: z.string(),
  description: z.string(),
  url: z.string(),
  running: z.boolean(),
  capacity_mem: z.number(),
  capacity_cpu_num: z.number().int(),
  capacity_cpu_freq: z.number(),
  capacity_disks: z.record(z.string(), z.number()),
  current_version: z.number().int(),
  location_ip: z.string(),
  os_detail: z.string(),
  arch: z.string(),
  guid: z.string(),
  network_interfaces: z.array(networkInterface),
});
export type Server = z.infer<typeof server>;

/** GET /servers/: P plus optional exact-match filters; an empty one is no filter. */
export const serverListQuery = pagingQuery.extend({
  hostname: listFilter(z.string({ error: 'hostname must be text' })),
  location_ip: listFilter(z.string({ error: 'location_ip must be text' })),
  create_time: listFilter(epochParam('create_time')),
});
export type ServerListQuery = z.infer<typeof serverListQuery>;

/** The Server fields the spec marks RO: a PUT that sends one is refused. */
export const SERVER_READ_ONLY = [
  'id', 'created', 'os', 'hostname', 'url', 'running', 'capacity_mem', 'capacity_cpu_num', 'capacity_cpu_freq',
  'capacity_disks', 'current_version', 'location_ip', 'os_detail', 'arch', 'guid', 'network_interfaces',
] as const;

/** PUT /servers/{id}/: only the user-defined fields. */
export const serverUpdate = z.object({
  nickname: textParam('nickname', 0, 256).optional(),
  description: textParam('description', 0, 4096).optional(),
});
export type ServerUpdate = z.infer<typeof serverUpdate>;

/** The short server reference of /server_tags/{id}/servers and /server_sets/{id}/servers. */
export const serverRef = z.object({
  id: z.number().int(),
  hostname: z.string(),
  nickname: z.string(),
  url: z.string(),
});
export type ServerRef = z.infer<typeof serverRef>;

/** GET/PUT /servers/{id}/tags/. */
export const serverTagsOfServer = z.object({
  id: z.number().int(),
  hostname: z.string(),
  server_tags: z.array(z.number().int()),
  url: z.string(),
});
export const serverTagsUpdate = z.object({ server_tags: idListParam('server_tags') });

/** A server is "running" while its collector uploads: last upload within this many seconds. */
export const RUNNING_WITHIN_SECONDS = 120;
