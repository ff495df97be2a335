/**
 * How deep a JSON text may nest (arrays and objects). No request of the API needs more than a few
 * levels; the limit keeps recursive work on a parsed value (validation, copying, serialising) far
 * from the stack's end. 64 leaves room for any honest document.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a JSON text nests deeper than `max`, found in one pass over the text without parsing it
 * (brackets inside strings do not count). Meant to run before JSON.parse.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The message for a JSON text in a parameter that nests too deep: names the parameter and the limit. */
export const tooDeepMessage = (field: string) => `${field} nests deeper than ${MAX_JSON_DEPTH} levels`;
