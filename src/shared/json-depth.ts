/**
 * How deep a JSON text may nest (arrays and objects). No request of the API needs more than a few
 * levels; the limit keeps recursive work on a parsed value (validation, copying, serialising) far
 * from the stack's end. 64 leaves room for any honest document.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON text nests deeper than `max`, found in one pass over the text without parsing it
 * (brackets inside strings do not count). Meant to run before JSON.parse. Strings are skipped with
 * indexOf (native, a string's characters are not visited one by one): collector batches are mostly keys
 * and short strings, and this pass cost as much as JSON.parse itself when it read every character.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = stringEnd(text, i);
      if (i < 0) return false; // an unterminated string: JSON.parse refuses the text
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The index of the quote closing the string opened at `open`, or -1: a quote ends it when an even number of backslashes precede it. */
function stringEnd(text: string, open: number): number {
  let q = text.indexOf('"', open + 1);
  while (q > 0) {
    let k = q - 1;
    while (text.charCodeAt(k) === 0x5c) k--;
    if ((q - 1 - k) % 2 === 0) return q;
    q = text.indexOf('"', q + 1);
  }
  return -1;
}

/** The message for a JSON text in a parameter that nests too deep: names the parameter and the limit. */
export const tooDeepMessage = (field: string) => `${field} nests deeper than ${MAX_JSON_DEPTH} levels`;
