import { useQuery } from '@tanstack/react-query';
import type { Silence } from '../../../shared/incident-response';
import type { Server } from '../../../shared/servers';
import { useAlerts } from '../../api/alerts';
import { useServerSetList } from '../../api/server-sets';
import { useServerTagList } from '../../api/server-tags';
import { useServerChoices } from '../../api/servers';
import { silenceQueries, useDeleteSilence, useSaveSilence, type SilenceFormInput } from '../../api/silences';
import { editable, type FieldsProps } from '../../app/editable-resource';
import { DateTimeField } from '../../components/forms/date-time-field';
import { ChoiceField, TextAreaField } from '../../components/forms/form-fields';
import { NamedPicker } from '../../components/forms/named-picker';
import { ServerPicker } from '../../components/forms/server-picker';
import { TextField } from '../../components/ui/field';
import { choicesOf, type Choices } from '../../lib/choices';
import { formatSpan } from '../../lib/silence-presets';
import { DURATIONS, matcherText, orderSilences, silenceFormOf, silenceFormSchema, silenceInputOf, stateText, utcMinute, type SilenceFormValues } from './silence-input';

interface Options {
  alerts: Choices<{ id: number; name: string }>;
  servers: Choices<Server>;
  tags: Choices<{ id: number; name: string }>;
  sets: Choices<{ id: number; name: string }>;
}

/** Matchers picked by name; start (blank: now); an end or a duration; a reason. */
function SilenceFields({ value, set, errors, options }: FieldsProps<SilenceFormValues, Options>) {
  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-400">An incident is silenced when it matches every matcher filled in. Incidents are still recorded and callbacks still go out; e-mail, SMS and push are held back.</p>
      <NamedPicker legend="Alerts" noun="alerts" items={options.alerts.items} selected={value.alerts} onChange={(alerts) => set({ alerts })} error={errors.alerts} />
      <TextField label="Alert name contains" value={value.alertName} maxLength={256} onChange={(e) => set({ alertName: e.target.value })} error={errors.alert_name} hint="Case-insensitive; blank matches every name." />
      <TextAreaField
        label="Label matchers (external alerts)"
        rows={2}
        value={value.matchers}
        onChange={(e) => set({ matchers: e.target.value })}
        error={errors.matchers}
        placeholder={'severity="critical"\njob=~"node|web.*"'}
      />
      <p className="-mt-2 text-xs text-slate-600 dark:text-slate-400">
        One per line, as in Alertmanager: name=&quot;value&quot;, name!=&quot;value&quot;, name=~&quot;regex&quot;, name!~&quot;regex&quot;. A silence with label
        matchers applies to Prometheus alerts only; all must match.
      </p>
      <ServerPicker servers={options.servers.items} selected={value.servers} onChange={(servers) => set({ servers })} error={errors.servers} />
      <NamedPicker legend="Server tags" noun="tags" items={options.tags.items} selected={value.serverTags} onChange={(serverTags) => set({ serverTags })} error={errors.server_tags} />
      <NamedPicker legend="Server sets" noun="sets" items={options.sets.items} selected={value.serverSets} onChange={(serverSets) => set({ serverSets })} error={errors.server_sets} />
      <div className="grid gap-3 sm:grid-cols-2">
        <DateTimeField label="Start (blank: now)" value={value.start} onChange={(start) => set({ start })} error={errors.start} />
        <ChoiceField label="Ends" value={value.ends} onChange={(e) => set({ ends: e.target.value === 'at' ? 'at' : 'duration' })}>
          <option value="duration">After a duration</option>
          <option value="at">At a time</option>
        </ChoiceField>
        {value.ends === 'duration' ? (
          <ChoiceField label="Duration" value={value.duration} onChange={(e) => set({ duration: e.target.value })} error={errors.duration}>
            {DURATIONS.map((d) => (
              <option key={d} value={String(d)}>
                {formatSpan(d)}
              </option>
            ))}
          </ChoiceField>
        ) : (
          <DateTimeField label="End" value={value.end} onChange={(end) => set({ end })} error={errors.end} />
        )}
      </div>
      <TextAreaField label="Reason" rows={2} maxLength={1000} value={value.reason} onChange={(e) => set({ reason: e.target.value })} error={errors.reason} />
    </>
  );
}

function useOptions(): Options | undefined {
  const alerts = useAlerts().data;
  const servers = useServerChoices().data;
  const tags = useServerTagList().data;
  const sets = useServerSetList().data;
  if (!alerts || !servers || !tags || !sets) return undefined;
  return { alerts: choicesOf(alerts, (a) => a.name), servers, tags: choicesOf(tags, (t) => t.name), sets: choicesOf(sets, (s) => s.name) };
}

/** Every silence, active first and the expired ones kept as history. */
const useSilenceList = () => useQuery({ ...silenceQueries.list(), select: orderSilences });
const nowSec = () => Math.floor(Date.now() / 1000);
const matches = (s: Silence, o: Options | undefined) => matcherText(s, { alerts: o?.alerts.names, servers: o?.servers.names, tags: o?.tags.names, sets: o?.sets.names });

/** Silences: while one matches, incidents are recorded but nobody is e-mailed, texted or pushed. Managers and the owner edit them. */
export const silenceResource = editable<Silence, SilenceFormValues, SilenceFormInput, Options>({
  permission: 'silences.write',
  labels: {
    title: 'Silences',
    loading: 'silences',
    empty: 'No silences.',
    add: 'New silence',
    addTitle: 'New silence',
    editTitle: (s) => `Edit silence #${s.id}`,
    save: (creating) => (creating ? 'Create silence' : 'Save silence'),
    edit: (s) => `Edit silence #${s.id}`,
    delete: (s) => `Delete silence #${s.id}`,
    confirm: (s) => ({ question: `Delete silence #${s.id}?`, detail: s.state === 'expired' ? 'It leaves the history of silences.' : 'Notifications of what it matches go out again at once.' }),
  },
  useList: useSilenceList,
  useOptions,
  useSave: useSaveSilence,
  useDelete: useDeleteSilence,
  columns: [
    // Widths keep each cell readable on a phone, where the table scrolls sideways instead of squeezing
    // every column to a word a line.
    { header: 'State', cell: (s) => stateText(s, nowSec()), text: (s) => s.state, className: 'min-w-28' },
    { header: 'Matches', cell: matches, text: matches, className: 'min-w-40' },
    { header: 'Start (UTC)', cell: (s) => utcMinute(s.start), text: (s) => utcMinute(s.start), className: 'whitespace-nowrap' },
    { header: 'End (UTC)', cell: (s) => utcMinute(s.end), text: (s) => utcMinute(s.end), className: 'whitespace-nowrap' },
    { header: 'Reason', cell: (s) => s.reason || '–', text: (s) => s.reason, className: 'min-w-56' },
  ],
  toForm: silenceFormOf,
  toInput: silenceInputOf,
  schema: () => silenceFormSchema,
  Fields: SilenceFields,
});
