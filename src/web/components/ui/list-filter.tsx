import { useSearchParams } from 'react-router';
import { inputClass } from './field';

/** The filter text of a list, kept in the URL (`q`) so a filtered list can be shared; typing replaces the history entry. */
export function useUrlFilter(): [string, (q: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (q: string) => setParams((p) => (q ? p.set('q', q) : p.delete('q'), p), { replace: true });
  return [params.get('q') ?? '', set];
}

/** The filter box of a list page; the "/" shortcut focuses it (`data-filter`). */
export function ListFilter({ value, onChange, placeholder = 'Type to filter' }: { value: string; onChange: (q: string) => void; placeholder?: string }) {
  return (
    <label className="ml-auto text-xs">
      Filter
      <input data-filter className={`${inputClass} w-64`} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
