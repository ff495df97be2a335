import { z } from 'zod';
import { MAX_PROCESSES, parseColumnBatch } from './batch-columns';
import { batch, batchFields, checkMessageTimes, type Batch, type ProcessSample } from './ingest';
import { PROCESS_FIELDS } from './telemetry';

/**
 * Parses an uploaded batch (as JSON.parse gives it) to exactly what `batch.safeParse` answers, at a
 * fraction of the cost: the processes, hundreds of records a minute, go through the hand-written check
 * below, the rest of the batch through zod. Whatever that check does not accept is parsed again by the
 * full schema, so a refusal always carries zod's own first issue, path and message. Processes sent
 * as columns (a record of arrays, batch-columns.ts) give the same Batch as the list of them would.
 */
export function parseBatch(input: unknown): z.ZodSafeParseResult<Batch> {
  if (isRecord(input)) {
    if (isRecord(input.processes)) return parseColumnBatch(input, input.processes, batchWithoutProcesses);
    const processes = checkProcesses(input.processes);
    if (processes) {
      const rest = batchWithoutProcesses.safeParse(input);
      if (rest.success) return { success: true, data: { ...rest.data, processes } };
    }
  }
  return batch.safeParse(input);
}

/**
 * The batch schema with its processes passed through unchecked (the key keeps its place in the output),
 * and the same check of message times as `batch`.
 */
const batchWithoutProcesses = batchFields.extend({ processes: z.unknown() }).superRefine(checkMessageTimes);

/** The keys of `processSample`, in its order: zod's output lists them so. batch-parse.test.ts holds them to the schema. */
export const PROCESS_KEYS = ['pid', 'create_time', 'name', 'args', ...PROCESS_FIELDS] as const;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isCount = (x: unknown) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

/** The processes as `z.array(processSample).max(20_000).default([])` outputs them, or null when it would refuse them. */
function checkProcesses(list: unknown): ProcessSample[] | null {
  if (list === undefined) return [];
  if (!Array.isArray(list) || list.length > MAX_PROCESSES) return null;
  const out = new Array<ProcessSample>(list.length);
  for (let i = 0; i < list.length; i++) {
    const p = checkProcess(list[i]);
    if (!p) return null;
    out[i] = p;
  }
  return out;
}

/**
 * One process as `processSample` outputs it, or null when it would refuse it. A record holding only the
 * schema's keys, in its order, with args present, is what zod would build: it is returned as it is;
 * any other gets the copy zod makes (unknown keys dropped, args defaulting to null).
 */
function checkProcess(x: unknown): ProcessSample | null {
  if (!isRecord(x)) return null;
  const { name, args } = x;
  if (!isCount(x.pid) || !isCount(x.create_time)) return null;
  if (typeof name !== 'string' || name.length < 1 || name.length > 255) return null;
  if (args !== undefined && args !== null && (typeof args !== 'string' || args.length > 4096)) return null;
  if (!numbersOk(x)) return null;
  if (args !== undefined && hasSchemaKeysInOrder(x)) return x as ProcessSample;
  const copy: Record<string, unknown> = { pid: x.pid, create_time: x.create_time, name, args: args ?? null };
  for (const f of PROCESS_FIELDS) if (f in x) copy[f] = x[f];
  return copy as ProcessSample;
}

const isNumberOrAbsent = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isFinite(v));

/**
 * Whether every field of PROCESS_FIELDS is a finite number or absent. Written out with named loads: a
 * loop over PROCESS_FIELDS reads `x[f]` with a different key each time, which V8 cannot specialise, and
 * cost several times as much over a batch's processes (batch-parse.test.ts tries each field).
 */
function numbersOk(x: Record<string, unknown>): boolean {
  return (
    isNumberOrAbsent(x.cpu) && isNumberOrAbsent(x.memory) && isNumberOrAbsent(x.page_faults) && isNumberOrAbsent(x.thread_num) &&
    isNumberOrAbsent(x.socket_read) && isNumberOrAbsent(x.socket_write) && isNumberOrAbsent(x.socket_num) && isNumberOrAbsent(x.file_read) &&
    isNumberOrAbsent(x.file_write) && isNumberOrAbsent(x.file_num) && isNumberOrAbsent(x.registry_num) && isNumberOrAbsent(x.critical_log) &&
    isNumberOrAbsent(x.total_log) && isNumberOrAbsent(x.avg_response_time) && isNumberOrAbsent(x.response_num) && isNumberOrAbsent(x.flags)
  );
}

function hasSchemaKeysInOrder(x: Record<string, unknown>): boolean {
  let j = 0;
  for (const k in x) {
    while (j < PROCESS_KEYS.length && PROCESS_KEYS[j] !== k) j++;
    if (j++ === PROCESS_KEYS.length) return false;
  }
  return true;
}
