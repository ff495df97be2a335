import type { LabelMatcher } from '../../../shared/incident-response';

// One matcher per line as Alertmanager writes them: name="value", name!="value", name=~"re", name!~"re".
const LINE = /^\s*([^\s=!~"]+)\s*(=~|!~|!=|=)\s*(?:"((?:[^"\\]|\\.)*)"|(\S*))\s*$/;

/** The operator of a matcher, as Alertmanager writes it. */
const op = (m: Pick<LabelMatcher, 'isRegex' | 'isEqual'>) => (m.isRegex ? (m.isEqual ? '=~' : '!~') : m.isEqual ? '=' : '!=');

/** Matchers as the form's text: one per line, values quoted (JSON string escapes). */
export function matchersText(list: readonly LabelMatcher[]): string {
  return list.map((m) => `${m.name}${op(m)}${JSON.stringify(m.value)}`).join('\n');
}

/** A matcher as the list shows it: severity=~"crit.*". */
export const matcherLabel = (m: LabelMatcher) => `${m.name}${op(m)}${JSON.stringify(m.value)}`;

/**
 * The form's text as matchers (blank lines skipped), or the first line that is not one, for the
 * form to name. Quoted values take JSON escapes; a bare value runs to the end of the line.
 */
export function parseMatchers(text: string): { matchers: LabelMatcher[] } | { bad: string } {
  const matchers: LabelMatcher[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const m = LINE.exec(line);
    if (!m) return { bad: line.trim() };
    let value = m[4] ?? '';
    if (m[3] !== undefined) {
      try {
        value = JSON.parse(`"${m[3]}"`) as string;
      } catch {
        return { bad: line.trim() };
      }
    }
    const o = m[2]!;
    matchers.push({ name: m[1]!, value, isRegex: o.includes('~'), isEqual: !o.startsWith('!') });
  }
  return { matchers };
}
