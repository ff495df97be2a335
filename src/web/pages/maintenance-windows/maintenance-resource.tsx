import { maintenanceWindowInput, type MaintenanceWindow } from '../../../shared/maintenance-windows';
import type { Server } from '../../../shared/servers';
import { useDeleteMaintenanceWindow, useMaintenanceWindows, useSaveMaintenanceWindow, type MaintenanceWindowFormInput } from '../../api/maintenance-windows';
import { useServerChoices } from '../../api/servers';
import { editable, type FieldsProps } from '../../app/editable-resource';
import { TextAreaField } from '../../components/forms/form-fields';
import { DateTimeField } from '../../components/forms/date-time-field';
import { ServerPicker } from '../../components/forms/server-picker';
import { namesOf, type Choices } from '../../lib/choices';
import { utcMinute as utc, windowFormOf, windowInput, windowState } from './window-input';

type Options = Choices<Server>;

/** Start and end picked in the browser's time zone (sent as UTC), a reason, the servers the window covers. */
function MaintenanceFields({ value, set, errors, options }: FieldsProps<MaintenanceWindowFormInput, Options>) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <DateTimeField label="Start" value={value.start} onChange={(start) => set({ start })} error={errors.start} />
        <DateTimeField label="End" value={value.end} onChange={(end) => set({ end })} error={errors.end} />
      </div>
      <TextAreaField label="Reason" rows={2} value={value.reason} onChange={(e) => set({ reason: e.target.value })} error={errors.reason} />
      <ServerPicker servers={options.items} selected={value.servers} onChange={(ids) => set({ servers: ids })} error={errors.servers} />
    </>
  );
}

/** Maintenance windows, in UTC: alerts on their servers stay quiet while one is in progress. */
export const maintenanceResource = editable<MaintenanceWindow, MaintenanceWindowFormInput, MaintenanceWindowFormInput, Options>({
  labels: {
    title: 'Maintenance windows',
    loading: 'maintenance windows',
    empty: 'No maintenance windows.',
    add: 'New window',
    addTitle: 'New maintenance window',
    editTitle: (w) => `Edit maintenance window #${w.id}`,
    save: () => 'Save window',
    edit: (w) => `Edit window ${utc(w.start)}`,
    delete: (w) => `Delete window ${utc(w.start)}`,
    confirm: (w) => ({ question: `Delete the maintenance window from ${utc(w.start)} to ${utc(w.end)} UTC?` }),
  },
  useList: useMaintenanceWindows,
  useOptions: () => useServerChoices().data,
  useSave: useSaveMaintenanceWindow,
  useDelete: useDeleteMaintenanceWindow,
  columns: [
    { header: 'Start (UTC)', cell: (w) => utc(w.start), text: (w) => utc(w.start) },
    { header: 'End (UTC)', cell: (w) => utc(w.end), text: (w) => utc(w.end) },
    { header: 'State', cell: windowState, text: windowState },
    { header: 'Reason', cell: (w) => w.reason || '–', text: (w) => w.reason },
    { header: 'Servers', cell: (w, o) => namesOf(w.servers, o?.names), text: (w, o) => namesOf(w.servers, o?.names) },
  ],
  toForm: (w) => windowFormOf(w, Date.now()),
  toInput: windowInput,
  schema: () => maintenanceWindowInput,
  Fields: MaintenanceFields,
});
