import { z } from 'zod';
import { alertHistoryListQuery, alertHistoryMessage } from '../../shared/alert-histories';
import { alertHistoryAnswer } from '../../shared/incident-response';
import { MAX_SUBSCRIBERS, SUBSCRIBER_EVENTS, SUBSCRIBER_TYPES } from '../../shared/alert-inputs';
import { alertCreate, alertItem, alertListQuery, alertUpdate } from '../../shared/alerts';
import {
  application,
  applicationDataQuery,
  applicationDetailQuery,
  applicationListQuery,
  applicationProcessDataQuery,
  applicationProcessesQuery,
  autodetectQuery,
  autodetectResourcesInput,
  detectedTemplate,
  serverDetectionQuery,
} from '../../shared/applications';
import { bucket, bucketDataQuery, bucketDeleteByName, bucketListQuery, bucketPoint, bucketPost } from '../../shared/buckets';
import { batch, batchResponse, collectorConfig, registerResponse, registration } from '../../shared/ingest';
import { logDataQuery, logDetailQuery, logMessageRecord, logSummaryRecord, transactionDetailQuery } from '../../shared/log-data';
import { LOG_SOURCE_TYPES, logInput, logItem, logListQuery, logWritten } from '../../shared/logs';
import { maintenanceWindow, maintenanceWindowInput, maintenanceWindowListQuery, maintenanceWindowWritten } from '../../shared/maintenance-windows';
import { MAINTENANCE_FIELDS, maintenanceOccurrencesOperation } from './openapi-maintenance';
import { pagingQuery } from '../../shared/paging';
import { intParam } from '../../shared/params';
import { polledDataConfig, polledDataConfigInput } from '../../shared/polled-data-config';
import { polledDataItem, polledDataQuery, polledDataRecord } from '../../shared/polled-data';
import { serverSet, serverSetInput, serverSetListQuery } from '../../shared/server-sets';
import { serverTag, serverTagCreate, serverTagListQuery, serverTagUpdate } from '../../shared/server-tags';
import { server, serverListQuery, serverRef, serverTagsOfServer, serverTagsUpdate, serverUpdate } from '../../shared/servers';
import { processDataQuery, processDetailQuery, processItem, processListQuery, serverDataQuery } from '../../shared/telemetry';
import { topologyQuery, topologyResponse } from '../../shared/topology';
import { traceQuery, traceResponse, transactionLogEntry, transactionLogQuery } from '../../shared/transaction-data';
import { transactionLogListQuery, transactionSettings, transactionSettingsUpdate } from '../../shared/transactions';
import { userCreate, userCreated, userProfile, userListQuery, userUpdate } from '../../shared/users';
import type { JsonSchema, Operation } from './openapi';
import { ALERT_TOOL_OPERATIONS } from './openapi-alert-tools';
import { INCIDENT_OPERATIONS } from './openapi-incidents';
import { NOTIFICATION_SETTINGS_OPERATIONS } from './openapi-notification-settings';
import { SILENCE_OPERATIONS, SILENCE_RULE } from './openapi-silences';
import { TEAM_OPERATIONS } from './openapi-team';
import { INVITATION_OPERATIONS } from './openapi-invitations';
import { TIME_TRAVEL_OPERATIONS } from './openapi-time-travel';

/** Records whose fields vary (time-series rows, detail lists): documented in the spec's prose. */
const record = z.record(z.string(), z.unknown());
const success = z.object({ result: z.literal('Success') });

type Crud = {
  collection: string;
  tag: string;
  item: z.ZodType;
  list?: z.ZodType;
  create?: z.ZodType;
  update?: z.ZodType;
  written?: z.ZodType;
  /** Create and update fields the zod schema cannot express. */
  fields?: Record<string, JsonSchema>;
  /** Descriptions of the update and delete operations. */
  describe?: { update?: string; delete?: string };
};

/** POST /users/ answers the new profile's API key, once; the confirmation e-mail says how to sign in, without it. */
const withUserKey = (ops: Operation[]): Operation[] =>
  ops.map((op) =>
    op.method === 'POST'
      ? { ...op, response: userCreated, description: 'Answers the profile and its api_key, shown this once. `role` (2 or 3, default 3) is an extension. A confirmation e-mail (without the key) is queued.' }
      : op,
  );

/** List, create, get, update and delete of a plain collection. */
function crud(c: Crud): Operation[] {
  const base = `/${c.collection}`;
  const one = `${base}/:id`;
  return [
    { method: 'GET', path: base, tag: c.tag, summary: `Paged list of ${c.tag.toLowerCase()}`, params: c.list ?? pagingQuery, response: c.item, paged: true },
    ...(c.create ? [{ method: 'POST', path: base, tag: c.tag, summary: 'Create', params: c.create, fields: c.fields, response: c.written ?? c.item, status: 201 } as const] : []),
    { method: 'GET', path: one, tag: c.tag, summary: 'One item', response: c.item },
    ...(c.update ? [{ method: 'PUT', path: one, tag: c.tag, summary: 'Update', description: c.describe?.update, params: c.update, fields: c.fields, response: c.written ?? c.item } as const] : []),
    { method: 'DELETE', path: one, tag: c.tag, summary: 'Delete', description: c.describe?.delete, response: success },
  ];
}

const ts = (path: string, tag: string, summary: string, params: z.ZodType, item: z.ZodType = record): Operation => ({
  method: 'GET',
  path,
  tag,
  summary,
  params,
  response: item,
  paged: true,
});

const LOG_FIELDS = {
  type: { type: 'string', enum: [...LOG_SOURCE_TYPES], description: 'source_type; AFSQL and AFURL logs come from the transactions setting' },
  source: { type: 'string', description: 'EVENTLOG: Application, System or Security. SYSLOG: a port 1-65535. FILE: an absolute path' },
};

const SUBSCRIBER_OBJECT: JsonSchema = {
  type: 'object',
  required: ['url'],
  properties: {
    url: { type: 'string', format: 'uri', description: 'http or https callback address' },
    auth: { type: ['string', 'null'], description: 'Basic credentials, base64 of username:password; answered as given, as the spec shows' },
    type: { type: 'string', enum: [...SUBSCRIBER_TYPES], default: 'get' },
    event: { type: 'string', enum: [...SUBSCRIBER_EVENTS], default: 'BOTH' },
    secret: {
      type: ['string', 'null'],
      maxLength: 256,
      writeOnly: true,
      description:
        'HMAC-SHA256 key: callbacks carry X-Signature-Timestamp and X-Signature: sha256=<hex of HMAC(secret, "<timestamp>.<url-encoded data>")>. ' +
        'Write-only: answers show has_secret instead. On update an entry that leaves secret out keeps the stored secret of the subscriber ' +
        'with the same url and auth (several alike pair up in order); "" or null removes it; a value replaces it. A changed url or auth starts without one.',
    },
  },
};

/** Alert create and update: subscribers is a JSON list whose entries the zod schema reads by hand. */
const ALERT_FIELDS: Record<string, JsonSchema> = {
  subscribers: {
    description: `Callback subscribers: a JSON list (a JSON array, or its text in a form field) of url strings and objects, at most ${MAX_SUBSCRIBERS}; [] removes them all. A url string is a subscriber with the defaults (on update it keeps the stored secret of that url).`,
    anyOf: [{ type: 'array', maxItems: MAX_SUBSCRIBERS, items: { anyOf: [{ type: 'string', format: 'uri' }, SUBSCRIBER_OBJECT] } }, { type: 'string', contentMediaType: 'application/json' }],
  },
  active: { description: 'An inactive alert is never evaluated. Setting false during an incident closes it: the history ends and RESOLVED callbacks are sent.' },
  trigger_type: { description: 'The trigger of the type (see the spec). Registry Accessed applies to Windows collectors; ours report no registry access, so it never triggers.' },
  reg_exp: {
    description:
      'Pattern of the content triggers (Log Content, Incident Report Content, File Accessed), matched anywhere in the text with RE2 syntax, ' +
      'which runs in time linear in the text; backreferences and lookaround are refused with 400.',
  },
};

const MAINTENANCE_RULE =
  'An alert whose servers are inside a running maintenance window does not trigger or notify (reminders included) while the window runs; ' +
  'an incident already open still resolves when its condition clears. Server Tag alerts leave the servers in a window out of num_of_servers. ' +
  "A window applies to data by the data's own minute (a backfilled minute inside a past window is suppressed); Server Down by the clock.";

/** Descriptions of the OpenAPI tags: rules of a resource that no single operation states. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  Alerts: `Alerts are evaluated on each minute of ingested data. ${MAINTENANCE_RULE} Registry Accessed applies to Windows collectors; ours report no registry access.`,
  'Maintenance windows': MAINTENANCE_RULE,
  Silences: SILENCE_RULE,
};

/** Every endpoint of the API. A route registered in app.ts but missing here fails the OpenAPI test. */
export const OPERATIONS: Operation[] = [
  { method: 'GET', path: '/openapi.json', tag: 'Documentation', summary: 'This OpenAPI 3.1 document (no authentication)', public: true, response: record },

  { method: 'GET', path: '/servers', tag: 'Servers', summary: 'Paged list of servers', params: serverListQuery, response: server, paged: true },
  { method: 'GET', path: '/servers/:id', tag: 'Servers', summary: 'One server', response: server },
  { method: 'PUT', path: '/servers/:id', tag: 'Servers', summary: 'Update nickname and description', params: serverUpdate, response: server },
  { method: 'DELETE', path: '/servers/:id', tag: 'Servers', summary: 'Delete a server (its collector is refused afterwards)', response: success },
  { method: 'GET', path: '/servers/:id/tags', tag: 'Servers', summary: "The server's tags", response: serverTagsOfServer },
  { method: 'PUT', path: '/servers/:id/tags', tag: 'Servers', summary: "Replace the server's tags", params: serverTagsUpdate, response: serverTagsOfServer },
  { method: 'GET', path: '/servers/:id/polled_data_config', tag: 'Servers', summary: 'Polled-data configuration', response: polledDataConfig },
  { method: 'PUT', path: '/servers/:id/polled_data_config', tag: 'Servers', summary: 'Set the polled-data configuration', params: polledDataConfigInput, response: polledDataConfig },
  ts('/servers/:id/data', 'Servers', 'Server data records (T: Minute, Hour, Day)', serverDataQuery),
  ts('/servers/latest_data', 'Servers', 'The latest data record of every server (beyond the spec)', pagingQuery),
  ts('/servers/:id/processes', 'Processes', 'Running processes, or those within start..end', processListQuery, processItem),
  ts('/servers/:id/processes/data', 'Processes', 'Process summary records per time step (T)', serverDataQuery),
  { method: 'GET', path: '/servers/:id/auto_detection', tag: 'Applications', summary: 'Application templates detected on the server', params: serverDetectionQuery, response: record },
  ts('/processes/:uid/data', 'Processes', 'Process data records (T: Minute, Hour, Day)', processDataQuery),
  { method: 'GET', path: '/processes/:uid/detail', tag: 'Processes', summary: 'Files and threads at a minute (default latest; extension nearest=true: the nearest minute with details, named as time)', params: processDetailQuery, response: record },

  ...crud({
    collection: 'server_tags',
    tag: 'Server tags',
    item: serverTag,
    list: serverTagListQuery,
    create: serverTagCreate,
    update: serverTagUpdate,
    describe: { delete: 'Deletes the tag and its Server Tag alerts (their histories stay readable), as deleting a server deletes its alerts.' },
  }),
  { method: 'GET', path: '/server_tags/:id/servers', tag: 'Server tags', summary: 'Servers of the tag', response: z.array(serverRef) },
  ...crud({ collection: 'server_sets', tag: 'Server sets', item: serverSet, list: serverSetListQuery, create: serverSetInput, update: serverSetInput }),
  { method: 'GET', path: '/server_sets/:id/servers', tag: 'Server sets', summary: 'Servers of the set', response: z.array(serverRef) },
  { method: 'GET', path: '/server_sets/:id/server_tags', tag: 'Server sets', summary: 'Tags of the set', response: z.array(serverTag) },
  { method: 'GET', path: '/server_sets/:id/auto_detection', tag: 'Server sets', summary: "Run application detection on the set's servers", response: serverSet },
  ...withUserKey(crud({
    collection: 'users',
    tag: 'User profiles',
    item: userProfile,
    list: userListQuery,
    create: userCreate,
    update: userUpdate,
    describe: {
      delete:
        'Deletes the profile (the account owner cannot be deleted: 403) and takes it off every alert; an alert left with no user gets the account owner, notified by e-mail, so it still notifies someone.',
    },
  })),
  ...crud({
    collection: 'maintenance_windows',
    tag: 'Maintenance windows',
    item: maintenanceWindow,
    list: maintenanceWindowListQuery,
    create: maintenanceWindowInput,
    update: maintenanceWindowInput,
    written: maintenanceWindowWritten,
    fields: MAINTENANCE_FIELDS,
    describe: { update: 'Takes the same parameters as create and replaces the window: an omitted reason becomes empty.' },
  }),
  maintenanceOccurrencesOperation,

  ...crud({
    collection: 'logs',
    tag: 'Logs',
    item: logItem,
    list: logListQuery,
    create: logInput,
    update: logInput,
    written: logWritten,
    describe: { delete: 'Deletes the log, its messages and its Log alerts (their histories stay readable), as deleting a server deletes its alerts.' },
  }).map((op) =>
    op.params === logInput ? { ...op, fields: LOG_FIELDS } : op,
  ),
  ts('/logs/:id/data', 'Logs', 'Per-minute info, warning and critical counts (T: Minute)', logDataQuery, logSummaryRecord),
  ts('/logs/:id/detail', 'Logs', 'Log messages (T: Minute; filter, severity)', logDetailQuery, logMessageRecord),

  { method: 'GET', path: '/transactions', tag: 'Transactions', summary: 'The transactions setting', response: transactionSettings },
  {
    method: 'PUT',
    path: '/transactions',
    tag: 'Transactions',
    summary: 'Change the setting: on creates AFURL/AFSQL logs on every server; enabled=false keeps them; off deletes them and their history',
    params: transactionSettingsUpdate,
    response: transactionSettings,
  },
  ts('/transactions/logs', 'Transactions', 'Paged list of AFURL and AFSQL logs', transactionLogListQuery, logItem),
  ts('/transactions/logs/:id/detail', 'Transactions', 'Transaction messages (T: Minute; filter; order=time|duration, slowest first; each with its duration in seconds)', transactionDetailQuery, logMessageRecord),
  { method: 'GET', path: '/transactions/log', tag: 'Transactions', summary: 'Transaction details of a process in a time span', params: transactionLogQuery, response: z.array(transactionLogEntry) },
  { method: 'GET', path: '/transactions/trace', tag: 'Transactions', summary: 'Trace from a URL message, a SQL message or a process', params: traceQuery, response: traceResponse },

  { method: 'GET', path: '/buckets', tag: 'Buckets', summary: 'Paged list of StatsD buckets', params: bucketListQuery, response: bucket, paged: true },
  {
    method: 'POST',
    path: '/buckets',
    tag: 'Buckets',
    summary: 'Record StatsD lines <name>:<value>[|c|g|ms|h|s[|@rate]]; a line without a type is a counter; the first message fixes the type',
    params: bucketPost,
    fields: {
      buckets: {
        type: 'string',
        description: 'JSON list of objects {"value": "<name>:<value>[|type[|@rate]]"}: name 1-256 characters, value non-empty; a bad line answers 400 naming its index and text',
        examples: ['[{"value":"api.hits:1|c"},{"value":"api.latency:20|ms"}]'],
      },
    },
    response: success,
  },
  { method: 'DELETE', path: '/buckets', tag: 'Buckets', summary: 'Delete a bucket by name', params: bucketDeleteByName, response: success },
  { method: 'GET', path: '/buckets/:id', tag: 'Buckets', summary: 'One bucket', response: bucket },
  { method: 'DELETE', path: '/buckets/:id', tag: 'Buckets', summary: 'Delete a bucket and its data', response: success },
  ts('/buckets/:id/data', 'Buckets', 'Per-minute values (T: Minute; beyond the spec)', bucketDataQuery, bucketPoint),

  ...['/polled-data', '/polled_data'].flatMap((base): Operation[] => [
    { method: 'GET', path: base, tag: 'Polled data', summary: 'Paged list of polled-data items', params: pagingQuery, response: polledDataItem, paged: true },
    { method: 'GET', path: `${base}/:id`, tag: 'Polled data', summary: 'One polled-data item', response: polledDataItem },
    ts(`${base}/:id/data`, 'Polled data', 'Polled-data records (T: Minute)', polledDataQuery, polledDataRecord),
  ]),

  ...crud({ collection: 'alerts', tag: 'Alerts', item: alertItem, list: alertListQuery, create: alertCreate, update: alertUpdate, fields: ALERT_FIELDS }),
  ts('/notifications', 'Alerts', 'Callback deliveries of the account, optionally of one alert_id (beyond the spec)', pagingQuery.extend({ alert_id: intParam('alert_id', { min: 1 }).optional() })),
  ts('/alerts/:id/deliveries', 'Alerts', 'Callback deliveries of the alert (beyond the spec)', pagingQuery),
  { method: 'GET', path: '/alerts/:id/deliveries/:did', tag: 'Alerts', summary: 'One delivery with its attempts', response: record },
  { method: 'POST', path: '/alerts/:id/deliveries/:did/redeliver', tag: 'Alerts', summary: 'Queue the delivery again', response: record },
  { method: 'POST', path: '/alerts/:id/test_callback', tag: 'Alerts', summary: "Queue a test callback to the alert's subscribers", response: record, status: 202 },
  { method: 'GET', path: '/alert_histories', tag: 'Alert histories', summary: 'Histories by incident start, most recent first; extension: open=true lists the incidents not ended yet', params: alertHistoryListQuery, response: alertHistoryAnswer, paged: true },
  { method: 'GET', path: '/alert_histories/:id', tag: 'Alert histories', summary: 'One alert history (extension: acknowledged_by, acknowledged_at, silenced)', response: alertHistoryAnswer },
  { method: 'GET', path: '/alert_histories/:id/message', tag: 'Alert histories', summary: 'The e-mail message of the history', response: alertHistoryMessage },
  { method: 'GET', path: '/alert_histories/:id/message/view', tag: 'Alert histories', summary: 'The message as an HTML page', html: true },

  { method: 'GET', path: '/applications', tag: 'Applications', summary: 'Paged list of applications', params: applicationListQuery, response: application, paged: true },
  { method: 'GET', path: '/applications/:id', tag: 'Applications', summary: 'One application', response: application },
  ts('/applications/:id/data', 'Applications', 'Application data records (T)', applicationDataQuery),
  ts('/applications/:id/processes/data', 'Applications', 'Process summary records of the application (T)', applicationProcessDataQuery),
  ts('/applications/:id/processes', 'Applications', 'Processes of the application (1-hour span)', applicationProcessesQuery),
  { method: 'GET', path: '/applications/:id/detail', tag: 'Applications', summary: 'Files, threads and sockets at a minute (default latest)', params: applicationDetailQuery, response: record },
  { method: 'GET', path: '/autodetect/applications', tag: 'Applications', summary: 'Templates detected on servers s[]', params: autodetectQuery, response: z.array(detectedTemplate) },
  { method: 'PUT', path: '/autodetect/resources', tag: 'Applications', summary: 'Create or extend an application from a template', params: autodetectResourcesInput, response: z.object({ message: z.string() }) },

  {
    method: 'GET',
    path: '/application_topology',
    tag: 'Applications',
    summary: 'Connections between process groups (beta); process_groups[] repeated, num minutes, start, end',
    params: topologyQuery,
    response: topologyResponse,
  },

  { method: 'POST', path: '/collector/register', tag: 'Collector', summary: 'Register a server by guid (201 new, 200 known; 410 if deleted)', params: registration, jsonOnly: true, response: registerResponse },
  { method: 'GET', path: '/collector/config', tag: 'Collector', summary: "The server's collector configuration (pulled each minute)", params: z.object({ guid: z.string() }), response: collectorConfig },
  { method: 'POST', path: '/collector/batches', tag: 'Collector', summary: 'Upload one minute (201 stored; 200 {stored:false} for a replayed batch_id; gzip accepted)', params: batch, jsonOnly: true, response: batchResponse, status: 201 },
  ...TEAM_OPERATIONS,
  ...INVITATION_OPERATIONS,
  ...ALERT_TOOL_OPERATIONS,
  ...SILENCE_OPERATIONS,
  ...INCIDENT_OPERATIONS,
  ...TIME_TRAVEL_OPERATIONS,
  ...NOTIFICATION_SETTINGS_OPERATIONS,
];

