import type { TelemetryRepo } from '../../repos/telemetry';
import type { Pg } from '../db';
import { notYet } from '../not-yet';

export function pgTelemetry(_pg: Pg): TelemetryRepo {
  return notYet<TelemetryRepo>('telemetry/repo');
}
