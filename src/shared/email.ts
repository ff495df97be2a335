/**
 * A practical e-mail address rule (not the whole of RFC 5322): a local part of letters, digits and
 * the RFC's other atext characters, without a leading, trailing or double dot; a domain of labels of
 * letters, digits and inner hyphens (no empty label); a top-level domain of 2+ letters (or an IDN's
 * xn-- form). Quoted local parts, IP-literal domains and raw Unicode are refused.
 */
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** The longest address (RFC 5321's path limit) and local part accepted. */
export const EMAIL_MAX = 254;
const LOCAL_MAX = 64;

/** Whether `s` (already trimmed) is an e-mail address by the rule above. */
export function isEmailAddress(s: string): boolean {
  if (s.length > EMAIL_MAX || !EMAIL_RE.test(s)) return false;
  return s.indexOf('@') <= LOCAL_MAX;
}
