import { NamedPicker } from '../../components/forms/named-picker';
import type { MaintenanceFormValues } from './window-input';

type Named = { id: number; name: string };

const byName = (items: readonly Named[]) => [...items].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));

/**
 * The window's scope by server tags and sets, picked by name (searched when there are many): their
 * servers are resolved whenever the window (or an occurrence) applies, so a server tagged later is covered too.
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
      {tags.length > 0 && (
        <NamedPicker legend="Server tags (servers tagged now or later)" noun="tags" items={byName(tags)} selected={value.serverTags} onChange={(serverTags) => set({ serverTags })} error={errors.server_tags} />
      )}
      {sets.length > 0 && <NamedPicker legend="Server sets" noun="sets" items={byName(sets)} selected={value.serverSets} onChange={(serverSets) => set({ serverSets })} error={errors.server_sets} />}
    </>
  );
}
