import type { EngineAlert, Incident, SubjectState } from '../store/repos/alert-engine';
import { countedSubjects, freshStates, judge, maintenanceCandidates, nextState, type Verdict } from './decide';

/** One observation of one subject at a minute, as the engine decides on it. */
export interface Observed {
  subject: number;
  minute: number;
  holds: boolean;
  value: number | null;
}

/** Where a decision reads the alert's memory: the store for live evaluation, memory for a backtest. */
export interface StepReads {
  states(): Promise<SubjectState[]>;
  /** Those of the servers inside a maintenance window at `minute`. */
  inMaintenance(serverIds: number[], minute: number): Promise<number[]>;
  incident(): Promise<Incident | null>;
}

/** A decided step: the subject's new state, the verdict on the incident, and the incident it was judged with. */
export interface Step {
  next: SubjectState;
  verdict: Verdict;
  incident: Incident | null;
  /** The subjects maintenance kept from counting at this minute. */
  paused: ReadonlySet<number>;
  /** The subjects that counted towards triggering at this minute (the breaching servers of a start). */
  counted: SubjectState[];
  /**
   * The servers the incident concerns at this minute (silences match them): the subjects holding the
   * condition, or, when none does (it resolves), every subject with a fresh state.
   */
  subjects: number[];
}

/**
 * Decides one observation with the pure functions of decide.ts. Live evaluation (engine.ts) and the
 * backtest (backtest.ts) both call this, so a backtest replays exactly what the engine would decide.
 * null for a replayed or late minute.
 */
export async function decideStep(
  alert: Pick<EngineAlert, 'type' | 'num_of_servers' | 'time_above_threshold' | 'interval' | 'in_incident'> & { per_server?: boolean },
  o: Observed,
  reads: StepReads,
  opts: { clockDriven?: boolean; streak?: number } = {},
): Promise<Step | null> {
  const states = await reads.states();
  const next = nextState(
    states.find((s) => s.subject === o.subject),
    o,
    opts,
  );
  if (!next) return null;
  const fresh = freshStates(states, next, o.minute);
  const candidates = maintenanceCandidates(alert, fresh);
  const paused = new Set(candidates.length ? await reads.inMaintenance(candidates, o.minute) : []);
  const incident = alert.in_incident ? await reads.incident() : null;
  const held = fresh.filter((s) => s.holds).map((s) => s.subject);
  const subjects = held.length ? held : fresh.map((s) => s.subject);
  return { next, verdict: judge(alert, fresh, paused, incident, o.minute), incident, paused, counted: countedSubjects(alert, fresh, paused), subjects };
}
