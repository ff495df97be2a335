import type { Batch } from '../../shared/ingest';
import type { EngineAlert } from '../store/repos/alert-engine';
import { compilePattern } from './pattern';
import { breaches, PROCESS_CONTENT_TRIGGERS, processContent, processMetric, serverMetric } from './conditions';

/** What one minute of one server's data says about an alert: does its condition hold, at what value. */
export interface Observation {
  holds: boolean;
  value: number | null;
}

export interface ObserveContext {
  capacityMem: number;
  /** For Application alerts: does a process belong to the application? */
  inApplication?: (name: string, args: string | null) => boolean;
  /** For Polled Data alerts: the polled item's name. */
  polledName?: string | null;
  /** For Incident Report Content: the server's FILE logs, id to path. */
  fileLogs?: ReadonlyMap<number, string>;
}

const SEVERITY_OF: Record<string, string> = { 'Number of Info': 'info', 'Number of Warning': 'warning', 'Number of Critical': 'critical' };

/**
 * Observes an alert on one batch. null means the batch says nothing about it (no value of the metric,
 * no polled run this minute), so the alert's state is left as it was.
 * For out-of-band alerts `holds` is the static comparison; the engine replaces it with the band test.
 */
export function observe(alert: EngineAlert, batch: Batch, ctx: ObserveContext): Observation | null {
  const metric = (value: number | null): Observation | null => (value === null ? null : { value, holds: breaches(alert, value) });
  switch (alert.type) {
    case 'Server':
    case 'Server Tag':
      if (alert.trigger_type === 'Server Down') return { holds: false, value: null };
      return metric(serverMetric(alert.trigger_type, batch.server, ctx.capacityMem, alert.part_name));
    case 'Process':
    case 'Application': {
      const [, pid, created] = alert.type === 'Process' ? alert.target_id.split(',') : [];
      const procs =
        alert.type === 'Process'
          ? batch.processes.filter((p) => p.pid === Number(pid) && p.create_time === Number(created))
          : batch.processes.filter((p) => ctx.inApplication?.(p.name, p.args) ?? false);
      if (alert.trigger_type === 'Process Termination') {
        // A minute that ended before the process started (a collector catching up on older minutes)
        // says nothing about whether it has ended since.
        if (alert.type === 'Process' && batch.minute + 60 <= Number(created)) return null;
        return { holds: procs.length === 0, value: procs.length };
      }
      if (PROCESS_CONTENT_TRIGGERS.has(alert.trigger_type)) {
        return { holds: processContent(alert, batch, new Set(procs.map((p) => p.pid)), ctx.fileLogs), value: null };
      }
      // A process that is gone does not meet a metric condition, so an open incident resolves.
      if (alert.trigger_type !== 'Processes' && procs.length === 0) return { holds: false, value: null };
      return metric(processMetric(alert.trigger_type, procs));
    }
    case 'Log': {
      const upload = batch.logs.find((l) => l.log_id === Number(alert.target_id));
      const messages = upload?.messages ?? [];
      if (alert.trigger_type === 'Log Content') {
        const re = compilePattern(alert.reg_exp);
        return { holds: !!re && messages.some((m) => re.test(m.data)), value: null };
      }
      const severity = SEVERITY_OF[alert.trigger_type];
      if (!severity) return null;
      return metric(messages.filter((m) => m.severity === severity).length);
    }
    case 'Polled Data': {
      const result = ctx.polledName ? batch.polled.find((p) => p.name === ctx.polledName) : undefined;
      if (!result) return null;
      return { holds: result.status === 'WARNING' || result.status === 'CRITICAL', value: null };
    }
    default:
      return null;
  }
}
