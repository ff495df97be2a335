import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApplyBulk, useBulkPreview } from '../../api/alert-tools';
import type { Params } from '../../api/client';
import { useServerChoices } from '../../api/servers';
import { paths } from '../../app/paths';
import { useCan } from '../../app/use-can';
import { Button } from '../../components/ui/button';
import { ReadOnlyNote } from '../../components/ui/read-only-note';
import { Empty, ErrorBox, Loading, Panel } from '../../components/ui/status';
import { BulkForm } from './bulk-form';
import { bulkParams, emptyBulkDraft, type BulkDraft } from './bulk-input';
import { BulkPreviewTable } from './bulk-preview-table';

/**
 * Bulk alert edit (/alerts/bulk?type=&server=): choose alerts by filter, say what changes, preview
 * each alert before and after with its fires over the last 7 days, then apply all at once.
 */
export default function BulkEditPage() {
  // Its preview is a dry run of the bulk write, which the service allows Managers only.
  if (!useCan('alerts.write')) {
    return (
      <div className="space-y-4">
        <Link className="text-sm text-teal-800 underline dark:text-teal-300" to={paths.alerts}>← Alerts</Link>
        <h1 className="text-lg font-semibold">Bulk edit alerts</h1>
        <ReadOnlyNote />
      </div>
    );
  }
  return <BulkEditor />;
}

function BulkEditor() {
  const [search] = useSearchParams();
  const [draft, setDraft] = useState<BulkDraft>(() => emptyBulkDraft({ type: search.get('type') ?? '', server_id: /^\d+$/.test(search.get('server') ?? '') ? search.get('server')! : '' }));
  const [asked, setAsked] = useState<Params | null>(null);
  const [shown, setShown] = useState(false);
  const checked = useMemo(() => bulkParams(draft), [draft]);
  const preview = useBulkPreview(asked);
  const apply = useApplyBulk();
  const servers = useServerChoices();
  const choices = (servers.data?.items ?? []).map((s) => ({ id: s.id, name: servers.data?.names.get(s.id) ?? `#${s.id}` })).sort((a, b) => a.name.localeCompare(b.name));
  // A preview belongs to the values it was made from: editing the form asks for a new one.
  const edit = (d: BulkDraft) => (setDraft(d), setAsked(null), apply.reset());
  const current = asked !== null && checked.ok && JSON.stringify(asked) === JSON.stringify(checked.params);

  return (
    <div className="space-y-4">
      <Link className="text-sm text-teal-800 underline dark:text-teal-300" to={paths.alerts}>← Alerts</Link>
      <h1 className="text-lg font-semibold">Bulk edit alerts</h1>
      <Panel title="Selection and changes">
        <BulkForm value={draft} onChange={edit} servers={choices} errors={shown && !checked.ok ? checked.errors : {}} />
        <div className="mt-3">
          <Button variant="secondary" onClick={() => (setShown(true), checked.ok && setAsked(checked.params))}>Preview</Button>
        </div>
      </Panel>
      {asked && (
        <Panel title="Preview">
          {preview.isPending && <Loading what="preview (each alert is backtested twice)" />}
          {preview.error && <ErrorBox error={preview.error} retry={false} />}
          {preview.data?.count === 0 && <Empty>No alert matches this selection.</Empty>}
          {!!preview.data?.count && (
            <>
              <BulkPreviewTable items={preview.data.alerts} />
              <div className="mt-3 flex items-center gap-3">
                <Button variant="primary" disabled={!current || apply.isPending || apply.isSuccess} onClick={() => apply.mutate(asked)}>
                  {apply.isPending ? 'Applying…' : `Apply to ${preview.data.count} alert${preview.data.count === 1 ? '' : 's'}`}
                </Button>
                {apply.isSuccess && <p role="status" className="text-sm text-green-700 dark:text-green-400">{apply.data.count} alerts changed.</p>}
              </div>
              {apply.error && <ErrorBox error={apply.error} retry={false} />}
            </>
          )}
        </Panel>
      )}
    </div>
  );
}
