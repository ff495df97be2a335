import { z } from 'zod';
import { POLLED_STATUSES } from './ingest';
import { timeSeriesQuery } from './timeseries';

/** A polled data item (all read-only); items appear when a collector first reports a check. */
export const polledDataItem = z.object({
  id: z.number().int(),
  name: z.string(),
  server_id: z.number().int(),
  server_hostname: z.string(),
  command_name: z.string(),
  command_line: z.string(),
  /** Ids of the alerts of type Polled Data on this item. */
  alert_id: z.array(z.number().int()),
  url: z.string(),
});
export type PolledDataItem = z.infer<typeof polledDataItem>;

/** GET /polled-data/{id}/data/: T with time_step Minute only. */
export const polledDataQuery = timeSeriesQuery(['Minute']);

export const polledLimits = z.object({
  warn: z.number().optional(),
  crit: z.number().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});
/** Minute data carries `val`; Hour and Day data carry avg, sum, max and min. */
export const polledMinuteValue = z.object({ val: z.number() });
export const polledRollupValue = z.object({ avg: z.number(), sum: z.number(), max: z.number(), min: z.number() });

/** One entry of `values`: [name, value object, unit (default "d"), thresholds (Nagios only)]. */
export const polledValueEntry = z.union([
  z.tuple([z.string(), z.union([polledMinuteValue, polledRollupValue]), z.string()]),
  z.tuple([z.string(), z.union([polledMinuteValue, polledRollupValue]), z.string(), polledLimits]),
]);
export type PolledValueEntry = z.infer<typeof polledValueEntry>;

/** Polled data record of one time step. */
export const polledDataRecord = z.object({
  time: z.number().int(),
  status: z.enum(POLLED_STATUSES),
  text: z.string(),
  values: z.record(z.string(), polledValueEntry),
});
export type PolledDataRecord = z.infer<typeof polledDataRecord>;
