import { parseProcessTarget } from '../../../shared/alert-inputs';
import { ALERT_TYPES, type Alert, type AlertType } from '../../../shared/alerts';

/** The server a log or polled item belongs to, by its id (from their lists). */
export interface TargetServers {
  logs: ReadonlyMap<number, number>;
  polled: ReadonlyMap<number, number>;
}

/**
 * The one server an alert watches: the server itself, or the server of its process, log or polled
 * item. Application and Server Tag alerts span servers (null), as does a target not (yet) known.
 */
export function alertServerId(a: Pick<Alert, 'type' | 'target_id'>, t: TargetServers): number | null {
  const id = Number(a.target_id);
  switch (a.type) {
    case 'Server':
      return Number.isInteger(id) ? id : null;
    case 'Process':
      return parseProcessTarget(String(a.target_id))?.serverId ?? null;
    case 'Log':
      return t.logs.get(id) ?? null;
    case 'Polled Data':
      return t.polled.get(id) ?? null;
    default:
      return null;
  }
}

/** The list's view: text, type and server (a server id, or "multi" for alerts spanning servers). */
export interface AlertView {
  q: string;
  type: AlertType | '';
  server: number | 'multi' | null;
}

/** Reads the view from the URL (`q`, `type`, `server`); unknown values are ignored. */
export function parseAlertView(p: URLSearchParams): AlertView {
  const type = p.get('type') ?? '';
  const server = p.get('server') ?? '';
  return {
    q: p.get('q') ?? '',
    type: (ALERT_TYPES as readonly string[]).includes(type) ? (type as AlertType) : '',
    server: server === 'multi' ? 'multi' : /^\d{1,15}$/.test(server) ? Number(server) : null,
  };
}

/** An alert with what the list shows beside it. */
export interface AlertRow {
  alert: Alert;
  serverId: number | null;
}

/**
 * The rows to show, newest first (a new alert is at the top), narrowed by the view. Text matches the
 * name, target, trigger and the server's name, regardless of case.
 */
export function alertRows(alerts: readonly Alert[], t: TargetServers, view: AlertView, serverName: (id: number) => string | undefined): AlertRow[] {
  const needle = view.q.trim().toLowerCase();
  const out: AlertRow[] = [];
  for (const alert of alerts) {
    if (view.type && alert.type !== view.type) continue;
    const serverId = alertServerId(alert, t);
    if (view.server === 'multi' ? serverId !== null : view.server !== null && serverId !== view.server) continue;
    if (needle) {
      const text = `${alert.name} ${alert.target} ${alert.trigger} ${serverId === null ? '' : (serverName(serverId) ?? '')}`.toLowerCase();
      if (!text.includes(needle)) continue;
    }
    out.push({ alert, serverId });
  }
  return out.sort((a, b) => b.alert.id - a.alert.id);
}

/** How many alerts each server has (for the server filter's options), and how many span servers. */
export function countByServer(alerts: readonly Alert[], t: TargetServers): { perServer: Map<number, number>; multi: number } {
  const perServer = new Map<number, number>();
  let multi = 0;
  for (const a of alerts) {
    const s = alertServerId(a, t);
    if (s === null) multi++;
    else perServer.set(s, (perServer.get(s) ?? 0) + 1);
  }
  return { perServer, multi };
}
