/** How the search box of a log is read. */
export interface SearchMode {
  /** The text is a POSIX basic regular expression, passed on as typed. */
  regex: boolean;
  /** Letters must match in case (the API's filter has no flag for it; see below). */
  matchCase: boolean;
}

// Special outside brackets in a POSIX BRE. Other characters must NOT be escaped: `\+`, `\(`, `\w`,
// `\1` are operators in the service's (GNU-flavoured) BRE.
const BRE_SPECIAL = new Set(['\\', '.', '[', ']', '*', '^', '$']);

/** One character as BRE text: escaped when special, `[aA]` for a letter matched regardless of case. */
function literal(c: string, matchCase: boolean): string {
  if (BRE_SPECIAL.has(c)) return `\\${c}`;
  const lo = c.toLowerCase();
  const up = c.toUpperCase();
  // Only single-character case pairs (ß upper-cases to "SS", which a bracket cannot hold).
  if (!matchCase && lo !== up && lo.length === 1 && up.length === 1) return `[${lo}${up}]`;
  return c;
}

/**
 * The API's `filter` for what a person typed. The service matches a POSIX basic regular expression
 * against the WHOLE message, so a plain "contains" search becomes `.*<text, escaped>.*`; without
 * "match case" each letter becomes a bracket of both cases ("Upstream" finds "upstream"). In regex
 * mode the text is sent as typed. Blank text is no filter.
 */
export function toFilter(text: string, mode: SearchMode): string {
  if (!text.trim()) return '';
  if (mode.regex) return text;
  let out = '';
  for (const c of text) out += literal(c, mode.matchCase);
  return `.*${out}.*`;
}

/** The search of a page's URL: `filter` (the text), `re=1` (regular expression), `case=1` (match case). */
export function searchFromParams(p: URLSearchParams): { text: string } & SearchMode {
  return { text: p.get('filter') ?? '', regex: p.get('re') === '1', matchCase: p.get('case') === '1' };
}

/** Writes a search into URL parameters, leaving the others as they are. */
export function writeSearch(p: URLSearchParams, s: { text: string } & SearchMode): URLSearchParams {
  const out = new URLSearchParams(p);
  if (s.text) out.set('filter', s.text);
  else out.delete('filter');
  if (s.regex) out.set('re', '1');
  else out.delete('re');
  if (s.matchCase) out.set('case', '1');
  else out.delete('case');
  return out;
}
