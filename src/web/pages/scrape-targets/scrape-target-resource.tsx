import { Link } from 'react-router';
import { scrapeTargetInput, SCRAPE_INTERVAL, type ScrapeTarget } from '../../../shared/scrape-targets';
import { useDeleteScrapeTarget, useSaveScrapeTarget, useScrapeTargets, type ScrapeTargetFormInput } from '../../api/scrape-targets';
import { editable, type FieldsProps } from '../../app/editable-resource';
import { paths } from '../../app/paths';
import { TextAreaField } from '../../components/forms/form-fields';
import { TextField } from '../../components/ui/field';
import { scrapeAge, scrapeTargetFormOf, scrapeTargetInputOf, type ScrapeTargetFormValues } from './scrape-target-form';

/** The metrics URL, the interval, and labels one `name=value` a line. */
function ScrapeTargetFields({ value, set, errors }: FieldsProps<ScrapeTargetFormValues, undefined>) {
  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        A host running Prometheus node_exporter becomes a server of the fleet: its CPU, memory, disks and network are read at each scrape. Rates need two
        scrapes, so its first chart point comes one interval after the first scrape.
      </p>
      <TextField
        label="Metrics URL"
        value={value.url}
        maxLength={2048}
        placeholder="http://10.0.0.7:9100/metrics"
        onChange={(e) => set({ url: e.target.value })}
        error={errors.url}
        hint="http or https; loopback, link-local and metadata addresses are refused unless the service allows them."
      />
      <div className="max-w-48">
        <TextField
          label="Interval (seconds)"
          type="number"
          min={SCRAPE_INTERVAL.min}
          max={SCRAPE_INTERVAL.max}
          value={value.interval}
          onChange={(e) => set({ interval: e.target.value })}
          error={errors.interval}
        />
      </div>
      <TextAreaField label="Labels (name=value, one a line)" rows={3} value={value.labels} onChange={(e) => set({ labels: e.target.value })} error={errors.labels} placeholder={'env=prod\nteam=web'} />
    </>
  );
}

const nowSec = () => Math.floor(Date.now() / 1000);
const labelText = (t: ScrapeTarget) =>
  Object.entries(t.labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');

/** node_exporter endpoints scraped into servers; everyone sees them and their last scrape, Managers and the owner edit them. */
export const scrapeTargetResource = editable<ScrapeTarget, ScrapeTargetFormValues, ScrapeTargetFormInput>({
  permission: 'scrape_targets.write',
  labels: {
    title: 'Scrape targets',
    loading: 'scrape targets',
    empty: 'No scrape targets. Add a node_exporter URL to monitor a host without our collector.',
    add: 'New scrape target',
    addTitle: 'New scrape target',
    editTitle: (t) => `Edit scrape target ${t.url}`,
    save: (creating) => (creating ? 'Add scrape target' : 'Save scrape target'),
    edit: (t) => `Edit scrape target ${t.url}`,
    delete: (t) => `Delete scrape target ${t.url}`,
    confirm: (t) => ({ question: `Stop scraping ${t.url}?`, detail: 'Its server stays in the fleet with its history; with no new data it goes down.' }),
  },
  useList: useScrapeTargets,
  useSave: useSaveScrapeTarget,
  useDelete: useDeleteScrapeTarget,
  columns: [
    { header: 'URL', cell: (t) => t.url, text: (t) => t.url, className: 'min-w-56 break-all font-medium' },
    { header: 'Interval', cell: (t) => `${t.interval} s`, text: (t) => String(t.interval), className: 'whitespace-nowrap' },
    { header: 'Last scrape', cell: (t) => scrapeAge(t.last_scrape, nowSec()), text: (t) => String(t.last_scrape ?? ''), className: 'whitespace-nowrap' },
    {
      header: 'Status',
      cell: (t) =>
        t.last_error ? <span className="text-red-700 dark:text-red-400">{t.last_error}</span> : t.last_scrape === null ? 'waiting for the first scrape' : 'OK',
      text: (t) => t.last_error ?? 'OK',
      className: 'min-w-48',
    },
    {
      header: 'Server',
      cell: (t) => (t.server_id === null ? '–' : <Link className="text-blue-700 underline dark:text-blue-300" to={paths.server(t.server_id)}>Server #{t.server_id}</Link>),
      text: (t) => String(t.server_id ?? ''),
      className: 'whitespace-nowrap',
    },
    { header: 'Labels', cell: (t) => labelText(t) || '–', text: labelText, className: 'min-w-40' },
  ],
  toForm: scrapeTargetFormOf,
  toInput: scrapeTargetInputOf,
  schema: () => scrapeTargetInput,
  Fields: ScrapeTargetFields,
});
