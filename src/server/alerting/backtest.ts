import type { BacktestIncident, BacktestResult } from '../../shared/alert-backtest';
import type { Batch } from '../../shared/ingest';
import type { EngineAlert, Incident, SubjectState } from '../store/repos/alert-engine';
import type { Observation } from './observe';
import { decideStep, type StepReads } from './step';

/** One stored minute of one server, rebuilt as the batch the engine would have evaluated. */
export interface StoredMinute {
  serverId: number;
  minute: number;
  batch: Batch;
}

/** What a replay reads besides the minutes: the observation of a batch and maintenance. */
export interface ReplayReads {
  observe(serverId: number, batch: Batch): Promise<Observation | null>;
  inMaintenance(serverIds: number[], minute: number): Promise<number[]>;
}

/** A peak is the most extreme value in the alert's direction: the lowest for "below", else the highest. */
const morePeak = (direction: string, a: number | null, b: number | null): number | null => {
  if (a === null) return b;
  if (b === null) return a;
  return direction.toLowerCase() === 'below' ? Math.min(a, b) : Math.max(a, b);
};

/**
 * Replays an alert over stored minutes (chunks in minute order, each chunk in minute then server
 * order) with the engine's own decisions (step.ts), keeping its memory (subject states, the open
 * incident) in memory instead of the store. Nothing is written. `notifications` counts the messages
 * the users would have got: each incident's start and each reminder.
 */
export async function replay(alert: EngineAlert, chunks: AsyncIterable<StoredMinute[]>, reads: ReplayReads): Promise<BacktestResult> {
  const rule = { ...alert, in_incident: false };
  const states = new Map<number, SubjectState>();
  let incident: Incident | null = null;
  let open: BacktestIncident | null = null;
  const incidents: BacktestIncident[] = [];
  const evaluated = new Set<number>();
  const skipped = new Set<number>();
  let notifications = 0;
  const memory: StepReads = {
    states: async () => [...states.values()],
    inMaintenance: (ids, minute) => reads.inMaintenance(ids, minute),
    incident: async () => incident,
  };

  for await (const chunk of chunks) {
    for (const m of chunk) {
      const obs = await reads.observe(m.serverId, m.batch);
      if (!obs) continue;
      evaluated.add(m.minute);
      const step = await decideStep(rule, { subject: m.serverId, minute: m.minute, holds: obs.holds, value: obs.value }, memory);
      if (!step) continue;
      states.set(m.serverId, step.next);
      if (obs.holds && step.paused.has(m.serverId)) skipped.add(m.minute);
      if (step.verdict === 'start') {
        rule.in_incident = true;
        incident = { historyId: 0, started: m.minute, lastNotified: m.minute };
        open = { start: m.minute, end: null, peak: obs.value };
        incidents.push(open);
        notifications++;
      } else if (step.verdict === 'remind' && incident) {
        incident.lastNotified = m.minute;
        notifications++;
      } else if (step.verdict === 'end') {
        rule.in_incident = false;
        incident = null;
        if (open) open.end = m.minute;
        open = null;
      }
      if (open && obs.holds) open.peak = morePeak(alert.direction, open.peak, obs.value);
    }
  }
  return { incidents, evaluated_minutes: evaluated.size, skipped_minutes_maintenance: skipped.size, notifications };
}
