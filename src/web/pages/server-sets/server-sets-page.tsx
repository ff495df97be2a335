import { useSearchParams } from 'react-router';
import type { ServerSet } from '../../../shared/server-sets';
import { useDeleteServerSet, useSaveServerSet, useServerSetList, type ServerSetFormInput } from '../../api/server-sets';
import { useServerTagList } from '../../api/server-tags';
import { ConfirmButton } from '../../components/forms/confirm-button';
import { Button } from '../../components/ui/button';
import { Empty, ErrorBox, Loading, Panel } from '../../components/ui/status';
import { ServerSetForm } from './server-set-form';

/** Tag ids of a set (the API answers them as item paths). */
const tagIds = (s: ServerSet) => s.server_tags.map((p) => Number(/(\d+)\/?$/.exec(p)?.[1])).filter((n) => n > 0);

const formOf = (s: ServerSet | undefined): ServerSetFormInput => ({ name: s?.name ?? '', server_tags: s ? tagIds(s) : [], auto_detection: s?.auto_detection ?? false });

/** Server sets: groups of servers made of tags. */
export default function ServerSetsPage() {
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit');
  const id = editing && editing !== 'new' ? Number(editing) : null;
  const sets = useServerSetList();
  const tags = useServerTagList();
  const save = useSaveServerSet(id);
  const del = useDeleteServerSet();
  const setEdit = (v: string | null) => setParams((p) => (v ? p.set('edit', v) : p.delete('edit'), p));
  const tagName = new Map((tags.data ?? []).map((t) => [t.id, t.name]));
  const current = id === null ? undefined : sets.data?.find((s) => s.id === id);

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-lg font-semibold">Server sets</h1>
        <Button variant="primary" onClick={() => (save.reset(), setEdit('new'))}>
          New set
        </Button>
      </div>
      {editing && tags.data && (id === null || current) && (
        <Panel title={id === null ? 'New server set' : `Edit ${current?.name ?? ''}`}>
          <ServerSetForm key={editing} initial={formOf(current)} tags={tags.data} pending={save.isPending} error={save.error} onCancel={() => setEdit(null)} onSubmit={(v) => save.mutate(v, { onSuccess: () => setEdit(null) })} />
        </Panel>
      )}
      {sets.isPending && <Loading what="server sets" />}
      {sets.error && <ErrorBox error={sets.error} />}
      {del.error && <ErrorBox error={del.error} />}
      {sets.data?.length === 0 && <Empty>No server sets.</Empty>}
      {!!sets.data?.length && (
        <table className="w-full rounded-lg bg-white text-sm dark:bg-slate-900">
          <caption className="sr-only">Server sets</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
              {['Name', 'Tags', 'Servers', 'Detection', ''].map((h, i) => (
                <th key={i} scope="col" className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
                  {h || <span className="sr-only">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sets.data.map((s) => (
              <tr key={s.id} className="border-b border-slate-100 dark:border-slate-800">
                <td className="px-3 py-1.5 font-medium">{s.name}</td>
                <td className="px-3 py-1.5">{tagIds(s).map((t) => tagName.get(t) ?? `#${t}`).join(', ') || '–'}</td>
                <td className="px-3 py-1.5">{s.servers.length}</td>
                <td className="px-3 py-1.5">{s.auto_detection ? 'Automatic' : 'Off'}</td>
                <td className="space-x-1 px-3 py-1.5 text-right whitespace-nowrap">
                  <Button variant="ghost" aria-label={`Edit set ${s.name}`} onClick={() => (save.reset(), setEdit(String(s.id)))}>
                    Edit
                  </Button>
                  <ConfirmButton label="Delete" ariaLabel={`Delete set ${s.name}`} question={`Delete the server set "${s.name}"?`} pending={del.isPending && del.variables === s.id} onConfirm={() => del.mutate(s.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
