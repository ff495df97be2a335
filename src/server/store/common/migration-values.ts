import { createHash } from 'node:crypto';
import { decodeProcessRollup, encodeProcessRollup } from './telemetry/process-rollup';

/**
 * Moving a SQLite store to PostgreSQL (store/migrate-store.ts): how a value of each kind of PostgreSQL
 * column is written in COPY text format from what SQLite holds, and a rendering both sides agree on
 * for the per-table checksum. The kind comes from the PostgreSQL column type.
 */
export type ValueKind = 'int' | 'real' | 'text' | 'bool' | 'json' | 'ids' | 'rollup';

/** The kind of a PostgreSQL column from its `format_type`; undefined for a type the migration does not know. */
export function kindOf(pgType: string): ValueKind | undefined {
  switch (pgType) {
    case 'bigint':
    case 'integer':
    case 'smallint':
      return 'int';
    case 'double precision':
      return 'real';
    case 'text':
      return 'text';
    case 'boolean':
      return 'bool';
    case 'json':
    case 'jsonb':
      return 'json';
    case 'bigint[]':
      return 'ids';
    case 'bytea':
      return 'rollup';
    default:
      return undefined;
  }
}

/** SQLite keeps id lists as JSON arrays in text; PostgreSQL as bigint[]. */
function idsOf(v: unknown): number[] {
  const list: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  if (!Array.isArray(list)) throw new Error(`expected a list of ids, got ${JSON.stringify(v)}`);
  return list.map((x) => {
    const n = Number(x);
    if (!Number.isInteger(n)) throw new Error(`expected a list of ids, got ${JSON.stringify(v)}`);
    return n;
  });
}

/** Process rollups: SQLite holds the BLOB layout, or legacy JSON text that PostgreSQL never had. */
function rollupBytes(v: unknown): Buffer {
  if (Buffer.isBuffer(v)) return v;
  if (typeof v === 'string') return encodeProcessRollup(decodeProcessRollup(v));
  throw new Error(`expected a process rollup, got ${typeof v}`);
}

const escapeCopy = (s: string) => s.replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'));

/** One field of a COPY text row (`\N` for NULL) from a value as SQLite answered it. */
export function copyField(kind: ValueKind, v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  switch (kind) {
    case 'bool':
      return Number(v) !== 0 ? 't' : 'f';
    case 'ids':
      return `{${idsOf(v).join(',')}}`;
    case 'rollup':
      return `\\\\x${rollupBytes(v).toString('hex')}`;
    case 'int':
    case 'real':
      if (typeof v !== 'number' && typeof v !== 'bigint') throw new Error(`expected a number, got ${JSON.stringify(v)}`);
      return String(v);
    default:
      return escapeCopy(Buffer.isBuffer(v) ? v.toString('utf8') : String(v));
  }
}

/** JSON with object keys sorted: jsonb keeps its own key order and spacing, so text never compares. */
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * The checksum rendering of a value: `fromSqlite` says whether it is as SQLite answered it (JSON as
 * text, booleans as 0/1) or as node-postgres parsed it. Equal data gives equal text on both sides.
 */
export function canonical(kind: ValueKind, v: unknown, fromSqlite: boolean): string {
  if (v === null || v === undefined) return '\\N';
  switch (kind) {
    case 'bool':
      return (fromSqlite ? Number(v) !== 0 : v === true) ? 't' : 'f';
    case 'int':
      return String(typeof v === 'bigint' ? v : BigInt(Number(v)));
    case 'real':
      return String(Number(v));
    case 'json':
      return canonicalJson(fromSqlite || typeof v === 'string' ? JSON.parse(String(v)) : v);
    case 'ids':
      return idsOf(v).join(',');
    case 'rollup':
      return (fromSqlite ? rollupBytes(v) : (v as Buffer)).toString('hex');
    default:
      return Buffer.isBuffer(v) ? v.toString('utf8') : String(v);
  }
}

/**
 * An order-independent checksum of a table: the sum (mod 2^64) of the first 8 bytes of each row's md5.
 * Each side reads its rows in its own key order (SQLite's and PostgreSQL's keys and collations differ).
 */
export class TableChecksum {
  rows = 0;
  private sum = 0n;
  add(fields: string[]): void {
    const h = createHash('md5').update(fields.join('\t')).digest();
    this.sum = (this.sum + h.readBigUInt64BE(0)) & 0xffff_ffff_ffff_ffffn;
    this.rows++;
  }
  hex(): string {
    return this.sum.toString(16).padStart(16, '0');
  }
}
