import { maintenanceWindowInput, type MaintenanceWindow } from '../../../shared/maintenance-windows';
import type { Server } from '../../../shared/servers';
import type { ServerSet } from '../../../shared/server-sets';
import type { ServerTag } from '../../../shared/server-tags';
import { useDeleteMaintenanceWindow, useMaintenanceWindows, useSaveMaintenanceWindow } from '../../api/maintenance-windows';
import { useServerSetList } from '../../api/server-sets';
import { useServerTagList } from '../../api/server-tags';
import { useServerChoices } from '../../api/servers';
import { editable, type FieldsProps } from '../../app/editable-resource';
import { TextAreaField } from '../../components/forms/form-fields';
import { DateTimeField } from '../../components/forms/date-time-field';
import { ServerPicker } from '../../components/forms/server-picker';
import { choicesOf, namesOf, type Choices } from '../../lib/choices';
import { canonicalZone } from '../../../shared/time-zones';
import { RecurrenceFields } from './recurrence-fields';
import { ScopeFields } from './scope-fields';
import { utcMinute as utc, windowFormOf, windowInput, windowState, type MaintenanceFormValues } from './window-input';

interface Options {
  servers: Choices<Server>;
  tags: Choices<ServerTag>;
  sets: Choices<ServerSet>;
}

/** Start and end picked in the window's time zone (the browser's by default), the recurrence, a reason, the scope. */
function MaintenanceFields({ value, set, errors, options }: FieldsProps<MaintenanceFormValues, Options>) {
  const repeating = value.repeats !== 'none';
  // Times are picked in the zone the rule runs in, once it is a zone Intl knows.
  const zone = (repeating && canonicalZone(value.timeZone.trim())) || undefined;
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <DateTimeField label={repeating ? 'Start (first occurrence)' : 'Start'} zone={zone} value={value.start} onChange={(start) => set({ start })} error={errors.start} />
        <DateTimeField label={repeating ? 'End (repeat until, optional)' : 'End'} zone={zone} value={value.end} onChange={(end) => set({ end })} error={errors.end} />
      </div>
      <RecurrenceFields value={value} set={set} errors={errors} />
      <TextAreaField label="Reason" rows={2} value={value.reason} onChange={(e) => set({ reason: e.target.value })} error={errors.reason} />
      <ScopeFields tags={options.tags.items} sets={options.sets.items} value={value} set={set} errors={errors} />
      <ServerPicker servers={options.servers.items} selected={value.servers} onChange={(ids) => set({ servers: ids })} error={errors.servers} />
    </>
  );
}

function useOptions(): Options | undefined {
  const servers = useServerChoices().data;
  const tags = useServerTagList().data;
  const sets = useServerSetList().data;
  if (!servers || !tags || !sets) return undefined;
  return { servers, tags: choicesOf(tags, (t) => t.name), sets: choicesOf(sets, (s) => s.name) };
}

const repeatsText = (w: MaintenanceWindow) => (w.rrule ? `${w.rrule}, ${w.duration} min (${w.time_zone})` : '–');
const scopeText = (w: MaintenanceWindow, o: Options | undefined) =>
  [
    w.servers.length ? namesOf(w.servers, o?.servers.names) : '',
    w.server_tags.length ? `tags: ${namesOf(w.server_tags, o?.tags.names)}` : '',
    w.server_sets.length ? `sets: ${namesOf(w.server_sets, o?.sets.names)}` : '',
  ]
    .filter(Boolean)
    .join('; ');
const endText = (w: MaintenanceWindow) => (w.end === null ? 'never' : utc(w.end));

/** Maintenance windows, in UTC: alerts on their servers stay quiet while one (or one of its occurrences) runs. */
export const maintenanceResource = editable<MaintenanceWindow, MaintenanceFormValues, ReturnType<typeof windowInput>, Options>({
  permission: 'maintenance_windows.write',
  labels: {
    title: 'Maintenance windows',
    loading: 'maintenance windows',
    empty: 'No maintenance windows.',
    add: 'New window',
    addTitle: 'New maintenance window',
    editTitle: (w) => `Edit the maintenance window from ${utc(w.start)} UTC`,
    save: () => 'Save window',
    edit: (w) => `Edit window ${utc(w.start)}`,
    delete: (w) => `Delete window ${utc(w.start)}`,
    confirm: (w) => ({ question: `Delete the maintenance window from ${utc(w.start)} to ${endText(w)} UTC?` }),
  },
  useList: useMaintenanceWindows,
  useOptions,
  useSave: useSaveMaintenanceWindow,
  useDelete: useDeleteMaintenanceWindow,
  columns: [
    { header: 'Start (UTC)', cell: (w) => utc(w.start), text: (w) => utc(w.start) },
    { header: 'End (UTC)', cell: endText, text: endText },
    { header: 'Repeats', cell: repeatsText, text: repeatsText },
    { header: 'State', cell: (w) => windowState(w), text: (w) => windowState(w) },
    { header: 'Reason', cell: (w) => w.reason || '–', text: (w) => w.reason },
    { header: 'Servers', cell: (w, o) => scopeText(w, o), text: (w, o) => scopeText(w, o) },
  ],
  toForm: (w) => windowFormOf(w, Date.now()),
  toInput: windowInput,
  schema: () => maintenanceWindowInput,
  Fields: MaintenanceFields,
});
