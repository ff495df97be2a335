import { FieldGroup } from '../../components/forms/form-fields';
import type { MaintenanceFormValues } from './window-input';

type Named = { id: number; name: string };

function Checks({ legend, items, selected, onChange, error }: { legend: string; items: readonly Named[]; selected: number[]; onChange: (ids: number[]) => void; error?: string }) {
  if (!items.length) return null;
  return (
    <FieldGroup legend={legend} error={error}>
      <div className="flex flex-wrap gap-3">
        {items.map((i) => (
          <label key={i.id} className="flex items-center gap-1 text-sm">
            <input
              type="checkbox"
              checked={selected.includes(i.id)}
              onChange={(e) => onChange(e.target.checked ? [...selected, i.id].sort((a, b) => a - b) : selected.filter((x) => x !== i.id))}
            />
            {i.name}
          </label>
        ))}
      </div>
    </FieldGroup>
  );
}

/**
 * The window's scope by server tags and sets: their servers are resolved whenever the window (or an
 * occurrence) applies, so a server tagged later is covered too.
 */
export function ScopeFields({
  tags,
  sets,
  value,
  set,
  errors,
}: {
  tags: readonly Named[];
  sets: readonly Named[];
  value: MaintenanceFormValues;
  set: (p: Partial<MaintenanceFormValues>) => void;
  errors: Record<string, string | undefined>;
}) {
  return (
    <>
      <Checks legend="Server tags (servers tagged now or later)" items={tags} selected={value.serverTags} onChange={(serverTags) => set({ serverTags })} error={errors.server_tags} />
      <Checks legend="Server sets" items={sets} selected={value.serverSets} onChange={(serverSets) => set({ serverSets })} error={errors.server_sets} />
    </>
  );
}
