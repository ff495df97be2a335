import { Fragment, useId, useMemo, useState } from 'react';
import { filterOptions, inGroups, type PickOption } from '../../lib/pick-options';
import { inputClass } from '../ui/field';
import { ChoiceField } from './form-fields';

// Up to this many options a plain select reads fine; past it a search box narrows the list.
const FEW = 12;

/**
 * A labelled select of named options, grouped by server where they have one (`<optgroup>`); past a
 * dozen options a search box above it keeps only the options whose name or server holds every word.
 */
export function SearchableSelect({
  label,
  noun,
  options,
  value,
  onChange,
  loading = false,
  disabled,
  error,
  prompt = 'Choose…',
}: {
  label: string;
  /** What the options are, plural ("logs"): names the search box. */
  noun: string;
  options: readonly PickOption[];
  value: string;
  onChange: (value: string) => void;
  loading?: boolean;
  disabled?: boolean;
  error?: string;
  prompt?: string;
}) {
  const [q, setQ] = useState('');
  const searchId = useId();
  const shown = useMemo(() => filterOptions(options, q, value), [options, q, value]);
  const many = options.length > FEW;
  const matching = useMemo(() => filterOptions(options, q).length, [options, q]);
  const first = loading ? 'Loading…' : options.length === 0 ? 'None available' : q.trim() && matching === 0 ? `No ${noun} match` : prompt;
  return (
    <div className="min-w-0 space-y-1">
      {many && (
        <div>
          <label htmlFor={searchId} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
            Search {noun}
          </label>
          <input id={searchId} className={inputClass} type="search" value={q} disabled={disabled} onChange={(e) => setQ(e.target.value)} />
          {q.trim() && (
            <p className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
              {matching} of {options.length} {noun} match
            </p>
          )}
        </div>
      )}
      <ChoiceField label={label} value={value} onChange={(e) => onChange(e.target.value)} error={error} disabled={disabled}>
        <option value="">{first}</option>
        {inGroups(shown).map(({ group, options: items }) => {
          const list = items.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ));
          return group ? (
            <optgroup key={`g:${group}`} label={group}>
              {list}
            </optgroup>
          ) : (
            <Fragment key="ungrouped">{list}</Fragment>
          );
        })}
      </ChoiceField>
    </div>
  );
}
