import { z } from 'zod';
import { FIELDS, type Kind } from './catalog';

/** The most series one view draws (the page is measured with 20). */
export const MAX_SERIES = 24;
/** The version of the URL encoding; an old link keeps decoding as long as its version is known. */
export const SELECTION_VERSION = 'v1';

const id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const fieldOf = (kind: Exclude<Kind, 'd'>) =>
  z.string().refine((f) => Object.hasOwn(FIELDS[kind], f), { message: `is not a field of this kind (${Object.keys(FIELDS[kind]).join(', ')})` });

/** One series of the correlate page: what it reads (kind and id) and which field. */
export const seriesRef = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('s'), ref: id, field: fieldOf('s') }),
  z.object({ kind: z.literal('p'), ref: z.string().regex(/^\d{1,15}_\d{1,15}_\d{1,15}$/, 'is not a process uid'), field: fieldOf('p') }),
  z.object({ kind: z.literal('a'), ref: id, field: fieldOf('a') }),
  z.object({ kind: z.literal('d'), ref: id, field: z.string().min(1).max(256) }),
  z.object({ kind: z.literal('b'), ref: id, field: fieldOf('b') }),
  z.object({ kind: z.literal('l'), ref: id, field: fieldOf('l') }),
], { error: 'kind must be one of s, p, a, d, b, l' });
export type SeriesRef = z.infer<typeof seriesRef>;

export const selectionSchema = z.array(seriesRef).max(MAX_SERIES, `at most ${MAX_SERIES} series`);

/** Percent-encoding that also escapes the separators `.` and `-` (encodeURIComponent keeps them). */
const escape = (s: string) => encodeURIComponent(s).replace(/\./g, '%2E').replace(/-/g, '%2D');

/** A stable text key of a series (also its identity when added twice). */
export const refKey = (r: SeriesRef) => `${r.kind}.${escape(String(r.ref))}.${escape(r.field)}`;

/**
 * The selection as one URL parameter value: the version, then `kind.ref.field` per series, joined by
 * `-` (characters a query string keeps as they are, so the link stays short and readable:
 * `v1-s.12.cpu-l.4.critical`).
 */
export function encodeSelection(items: readonly SeriesRef[]): string {
  return [SELECTION_VERSION, ...items.map(refKey)].join('-');
}

export type Decoded = { ok: true; items: SeriesRef[] } | { ok: false; message: string };

/** Reads a `series` parameter back; anything a link could carry that is not a valid selection says why. */
export function decodeSelection(text: string | null): Decoded {
  if (text === null || text === '') return { ok: true, items: [] };
  const [version, ...parts] = text.split('-');
  if (version !== SELECTION_VERSION) return { ok: false, message: `The link's series list has an unknown version (${JSON.stringify(version)}); this dashboard reads version ${SELECTION_VERSION}.` };
  const raw: unknown[] = [];
  for (const [i, p] of parts.entries()) {
    const bits = p.split('.');
    if (bits.length !== 3) return { ok: false, message: `Series ${i + 1} of the link (${JSON.stringify(p)}) is not kind.id.field.` };
    try {
      raw.push({ kind: bits[0], ref: decodeURIComponent(bits[1]!), field: decodeURIComponent(bits[2]!) });
    } catch {
      return { ok: false, message: `Series ${i + 1} of the link (${JSON.stringify(p)}) is not valid percent-encoding.` };
    }
  }
  const r = selectionSchema.safeParse(raw);
  if (r.success) return { ok: true, items: r.data };
  const issue = r.error.issues[0]!;
  const at = typeof issue.path[0] === 'number' ? `Series ${issue.path[0] + 1}${issue.path[1] ? ` (${String(issue.path[1])})` : ''}` : 'The series list';
  return { ok: false, message: `${at} of the link: ${issue.message}.` };
}

/** The selection with `r` added at the end, unless it is there already or the list is full. */
export function addSeries(items: readonly SeriesRef[], r: SeriesRef): SeriesRef[] {
  if (items.length >= MAX_SERIES || items.some((x) => refKey(x) === refKey(r))) return [...items];
  return [...items, r];
}
