import { APP_TEMPLATES, detectTemplates, templateById, type AppTemplate } from '../../shared/app-templates';
import type { AutodetectResourcesInput, DetectedTemplate } from '../../shared/applications';
import { PAGE_LIMIT_MAX } from '../../shared/paging';
import { itemPath } from '../../shared/paths';
import { DEFAULT_POLL_FILE_TYPE, DEFAULT_POLL_FREQUENCY } from '../../shared/polled-data-config';
import type { ProcessItem } from '../../shared/telemetry';
import type { Deps } from '../deps';
import { createSuggestedAlerts } from './application-alerts';
import type { ApplicationRecord } from '../store/repos/applications';
import type { Store } from '../store/store';
import { invalid } from './errors';

/** Processes of the server's latest minute, or running within the range, every page of them. */
export async function serverProcesses(store: Store, accountId: number, serverId: number, range: { start: number; end: number } | null) {
  const all: ProcessItem[] = [];
  for (let page = 0; ; page++) {
    const p = await store.telemetry.processes(accountId, serverId, range, { limit: PAGE_LIMIT_MAX, page });
    all.push(...p.items);
    if (p.items.length < PAGE_LIMIT_MAX || all.length >= p.total) return all;
  }
}

/**
 * Runs detection on one server: each template found among its running processes is attached to an
 * application of that template (the oldest one, created under the template's name when none exists).
 * Returns the names of the applications detected on the server.
 */
export async function detectOnServer({ store, now }: Pick<Deps, 'store' | 'now'>, accountId: number, serverId: number): Promise<string[]> {
  const found = detectTemplates(await serverProcesses(store, accountId, serverId, null));
  const names: string[] = [];
  for (const { template } of found) {
    const apps = await store.applications.byTemplate(accountId, template.id);
    const hit = apps.find((a) => a.servers.includes(serverId));
    if (hit) names.push(hit.name);
    else if (apps[0]) names.push((await store.applications.addServers(accountId, apps[0].id, [serverId]))!.name);
    else names.push((await store.applications.create(accountId, { name: template.name, template: template.id, servers: [serverId] }, now())).name);
  }
  return names;
}

/** Detection on every server of a set (sets with auto_detection on, at write and on request). */
export async function detectOnServers(deps: Pick<Deps, 'store' | 'now'>, accountId: number, serverIds: number[]): Promise<void> {
  for (const id of serverIds) await detectOnServer(deps, accountId, id);
}

/** What /autodetect/applications/ proposes: templates found on the servers, with suggestions. */
export async function detectForServers(store: Store, accountId: number, serverIds: number[]): Promise<DetectedTemplate[]> {
  const refs = await store.servers.refs(accountId, serverIds);
  const onServers = new Map<number, { id: number; nickname: string }[]>();
  for (const ref of refs) {
    for (const { template } of detectTemplates(await serverProcesses(store, accountId, ref.id, null))) {
      onServers.set(template.id, [...(onServers.get(template.id) ?? []), { id: ref.id, nickname: ref.nickname || ref.hostname }]);
    }
  }
  const out: DetectedTemplate[] = [];
  for (const t of APP_TEMPLATES) {
    const servers = onServers.get(t.id);
    if (!servers) continue;
    const groups = await store.applications.byTemplate(accountId, t.id);
    out.push({
      id: t.id,
      name: t.name,
      existing_process_groups: groups.map((g) => ({ id: g.id, name: g.name, url: itemPath('applications', g.id) })),
      servers,
      polled_data: [...t.polled_data],
      logs: [...t.logs],
      alerts: [...t.alerts],
    });
  }
  return out;
}

function pick<T extends { id: number }>(field: string, ids: number[], offered: readonly T[]): T[] {
  const unknown = ids.filter((id) => !offered.some((o) => o.id === id));
  if (unknown.length) throw invalid(`${field}: the template offers no suggestion with id ${unknown.join(', ')}`, field);
  return offered.filter((o) => ids.includes(o.id));
}

const defaultConfigPath = (os: string) => (os === 'Windows' ? 'C:\\ProgramData\\monitoring\\polled-data.cfg' : '/etc/monitoring/polled-data.cfg');

/**
 * PUT /autodetect/resources/: creates or extends a process group, then sets up the chosen log
 * sources (FILE for paths, EVENTLOG otherwise) and appends the chosen checks to each server's
 * polled-data config, and creates the chosen alerts on the group (notifying the account owner).
 */
export async function applyResources({ store, now }: Pick<Deps, 'store' | 'now'>, accountId: number, input: AutodetectResourcesInput): Promise<ApplicationRecord> {
  const template: AppTemplate | undefined = templateById(input.app_id);
  if (!template) throw invalid(`app_id: no application template with id ${input.app_id}`, 'app_id');
  const missing = await store.servers.missing(accountId, input.servers);
  if (missing.length) throw invalid(`servers: no server with id ${missing.join(', ')}`, 'servers');
  const logs = pick('logs', input.logs, template.logs);
  const checks = pick('polled_data', input.polled_data, template.polled_data);
  const alerts = pick('alerts', input.alerts, template.alerts);
  let app: ApplicationRecord | null;
  if (input.process_group_id !== undefined) {
    const existing = await store.applications.get(accountId, input.process_group_id);
    if (!existing || existing.template !== template.id) {
      throw invalid(`process_group_id: no process group ${input.process_group_id} of template ${template.id}`, 'process_group_id');
    }
    app = await store.applications.addServers(accountId, existing.id, input.servers);
  } else {
    app = await store.applications.create(accountId, { name: input.new_process_group_name!, template: template.id, servers: input.servers }, now());
  }
  for (const serverId of input.servers) {
    for (const l of logs) {
      const sourceType = l.detail.startsWith('/') ? 'FILE' : 'EVENTLOG';
      await store.logs.create(accountId, { serverId, sourceType, source: l.detail, limit: 2000 });
    }
    if (checks.length) {
      const server = (await store.servers.get(accountId, serverId))!;
      const cfg = await store.polledDataConfig.get(accountId, serverId);
      let contents = cfg?.fileContents ?? '';
      for (const c of checks) {
        const line = `command[${c.name.replace(/\s+/g, '_')}]=${c.detail}`;
        if (!contents.split('\n').includes(line)) contents += `${contents && !contents.endsWith('\n') ? '\n' : ''}${line}\n`;
      }
      await store.polledDataConfig.put(
        accountId,
        serverId,
        {
          filePath: cfg?.filePath || defaultConfigPath(server.os),
          fileType: cfg?.fileType ?? DEFAULT_POLL_FILE_TYPE,
          fileContents: contents,
          frequency: cfg?.frequency ?? DEFAULT_POLL_FREQUENCY,
        },
        now(),
      );
    }
  }
  await createSuggestedAlerts(store, accountId, app!, alerts, now());
  return app!;
}
