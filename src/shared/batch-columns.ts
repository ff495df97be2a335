import { z } from 'zod';
import { batchFields, checkMessageTimes, processSample, type Batch, type ProcessSample } from './ingest';
import { PROCESS_FIELDS, type ProcessField } from './telemetry';

/**
 * The processes of a batch as columns, the second form `processes` may take (the first is the list of
 * records): one array per field, process i at index i of each. pid, create_time and name are required;
 * args and the numeric fields may be left out (every process lacks it) or hold null for a process that
 * lacks it. Every array has as many entries as pid. It reads the same processes as the list of records
 * would and answers the same; a collector sends it because it is several times cheaper to read: 20
 * arrays of numbers instead of 200 objects of 20 keys (docs/collector.md).
 */
export const MAX_PROCESSES = 20_000;
const column = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_PROCESSES);
const s = processSample.shape;
const numberColumns = Object.fromEntries(PROCESS_FIELDS.map((f) => [f, column(s[f].unwrap().nullable()).optional()])) as {
  [F in ProcessField]: z.ZodOptional<z.ZodArray<z.ZodNullable<ReturnType<(typeof s)[F]['unwrap']>>>>;
};

export const processColumns = z
  .object({ pid: column(s.pid), create_time: column(s.create_time), name: column(s.name), args: column(s.args.unwrap()).optional(), ...numberColumns })
  .superRefine((c, ctx) => {
    for (const [key, values] of Object.entries(c)) {
      if (values === undefined || values.length === c.pid.length) continue;
      ctx.addIssue({ code: 'custom', path: [key], message: `processes.${key} has ${values.length} values where pid has ${c.pid.length}` });
    }
  });
export type ProcessColumns = z.input<typeof processColumns>;

/** A batch whose processes are columns; what answers a refused one (paths such as processes.cpu.3). */
const columnBatch = batchFields.extend({ processes: processColumns }).superRefine(checkMessageTimes);

/** The batch body in either form (the OpenAPI document shows this). */
export const batchBody = batchFields.extend({ processes: z.union([batchFields.shape.processes, processColumns]) });

/**
 * The processes of `input` (a record of columns) as the list `processSample` would output, or, when
 * any value would be refused, null: the caller then parses with `columnBatch` for zod's issue.
 */
function checkColumns(c: Record<string, unknown>): ProcessSample[] | null {
  const { pid, create_time: ct, name, args } = c;
  if (!Array.isArray(pid) || !Array.isArray(ct) || !Array.isArray(name)) return null;
  const n = pid.length;
  if (n > MAX_PROCESSES || ct.length !== n || name.length !== n) return null;
  if (args !== undefined && (!Array.isArray(args) || args.length !== n)) return null;
  const fields: (unknown[] | undefined)[] = [];
  let whole = true; // every numeric column given, without a null
  for (const f of PROCESS_FIELDS) {
    const col = c[f];
    if (col !== undefined && (!Array.isArray(col) || col.length !== n)) return null;
    fields.push(col);
    if (col === undefined) whole = false;
  }
  for (const col of fields) {
    if (col === undefined) continue;
    for (let i = 0; i < n; i++) {
      const v: unknown = col[i];
      if (typeof v === 'number' ? !Number.isFinite(v) : v !== null) return null;
      if (v === null) whole = false;
    }
  }
  for (let i = 0; i < n; i++) {
    const p = pid[i];
    const t = ct[i];
    const nm = name[i];
    const a = args === undefined ? null : (args as unknown[])[i];
    if (typeof p !== 'number' || !Number.isSafeInteger(p) || p < 0 || typeof t !== 'number' || !Number.isSafeInteger(t) || t < 0) return null;
    if (typeof nm !== 'string' || nm.length < 1 || nm.length > 255) return null;
    if (a !== null && (typeof a !== 'string' || a.length > 4096)) return null;
  }
  return whole ? wholeRecords(c as unknown as Required<OutputColumns>) : sparseRecords(c as unknown as OutputColumns, fields);
}

type OutputColumns = { pid: number[]; create_time: number[]; name: string[]; args?: (string | null)[] } & { [F in ProcessField]?: (number | null)[] };

/** Records from columns that are all given, without null: one object literal each (one shape, no key added later). */
function wholeRecords(c: Required<OutputColumns>): ProcessSample[] {
  const out = new Array<ProcessSample>(c.pid.length);
  const args = c.args as (string | null)[] | undefined;
  for (let i = 0; i < out.length; i++) {
    out[i] = {
      pid: c.pid[i]!, create_time: c.create_time[i]!, name: c.name[i]!, args: args === undefined ? null : args[i] ?? null,
      cpu: c.cpu[i]!, memory: c.memory[i]!, page_faults: c.page_faults[i]!, thread_num: c.thread_num[i]!,
      socket_read: c.socket_read[i]!, socket_write: c.socket_write[i]!, socket_num: c.socket_num[i]!, file_read: c.file_read[i]!,
      file_write: c.file_write[i]!, file_num: c.file_num[i]!, registry_num: c.registry_num[i]!, critical_log: c.critical_log[i]!,
      total_log: c.total_log[i]!, avg_response_time: c.avg_response_time[i]!, response_num: c.response_num[i]!, flags: c.flags[i]!,
    };
  }
  return out;
}

/** Records from columns with some left out or null: a field is set only where its column holds a number. */
function sparseRecords(c: OutputColumns, fields: (unknown[] | undefined)[]): ProcessSample[] {
  const out = new Array<ProcessSample>(c.pid.length);
  for (let i = 0; i < out.length; i++) {
    const p: Record<string, unknown> = { pid: c.pid[i], create_time: c.create_time[i], name: c.name[i], args: c.args?.[i] ?? null };
    for (let k = 0; k < PROCESS_FIELDS.length; k++) {
      const v = fields[k]?.[i];
      if (typeof v === 'number') p[PROCESS_FIELDS[k]!] = v;
    }
    out[i] = p as ProcessSample;
  }
  return out;
}

/**
 * Parses a batch whose `processes` is a record (columns) to the Batch the list of the same processes
 * gives: the columns by the check above, the rest of the batch by `rest`; a refusal by zod's first issue.
 */
export function parseColumnBatch(
  input: Record<string, unknown>,
  columns: Record<string, unknown>,
  rest: { safeParse(x: unknown): z.ZodSafeParseResult<Omit<Batch, 'processes'> & { processes: unknown }> },
): z.ZodSafeParseResult<Batch> {
  const processes = checkColumns(columns);
  if (processes) {
    const r = rest.safeParse(input);
    if (r.success) return { success: true, data: { ...r.data, processes } };
  }
  const full = columnBatch.safeParse(input);
  if (!full.success) return { success: false, error: full.error as unknown as z.ZodError<Batch> };
  // The check above refuses nothing zod accepts (batch-columns.test.ts); should it, the records are built from zod's output.
  return { success: true, data: { ...full.data, processes: sparseRecords(full.data.processes, PROCESS_FIELDS.map((f) => full.data.processes[f])) } };
}

/** A batch's processes as columns (what our collector sends; the records' own form stays accepted). */
export function toColumns(processes: readonly ProcessSample[]): ProcessColumns {
  const col = <T>(get: (p: ProcessSample) => T) => processes.map(get);
  const out: Record<string, unknown[]> = { pid: col((p) => p.pid), create_time: col((p) => p.create_time), name: col((p) => p.name) };
  if (processes.some((p) => p.args !== null && p.args !== undefined)) out.args = col((p) => p.args ?? null);
  for (const f of PROCESS_FIELDS) if (processes.some((p) => p[f] !== undefined)) out[f] = col((p) => p[f] ?? null);
  return out as ProcessColumns;
}
