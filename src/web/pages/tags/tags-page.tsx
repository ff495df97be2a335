import { useSearchParams } from 'react-router';
import { useCreateServerTag, useDeleteServerTag, useServerTagList, useUpdateServerTag } from '../../api/server-tags';
import { useServers } from '../../api/servers';
import { ConfirmButton } from '../../components/forms/confirm-button';
import { Button } from '../../components/ui/button';
import { Empty, ErrorBox, Loading, Panel } from '../../components/ui/status';
import { TagForm } from './tag-form';

/** Server tags: the list, and a form to add or edit one (`?edit=new|<id>`). */
export default function TagsPage() {
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit');
  const id = editing && editing !== 'new' ? Number(editing) : null;
  const tags = useServerTagList();
  const servers = useServers();
  const create = useCreateServerTag();
  const update = useUpdateServerTag(id ?? 0);
  const del = useDeleteServerTag();
  const save = id === null ? create : update;
  const setEdit = (v: string | null) => setParams((p) => (v ? p.set('edit', v) : p.delete('edit'), p));
  const name = new Map((servers.data ?? []).map((s) => [s.id, s.nickname || s.hostname]));
  const current = id === null ? undefined : tags.data?.find((t) => t.id === id);

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-lg font-semibold">Server tags</h1>
        <Button variant="primary" onClick={() => (create.reset(), setEdit('new'))}>
          New tag
        </Button>
      </div>
      {editing && servers.data && (id === null || current) && (
        <Panel title={id === null ? 'New tag' : `Edit tag ${current?.name ?? ''}`}>
          <TagForm
            key={editing}
            creating={id === null}
            initial={current ? { name: current.name, servers: current.servers } : { name: '', servers: [] }}
            servers={servers.data}
            pending={save.isPending}
            error={save.error}
            onCancel={() => setEdit(null)}
            onSubmit={(v) => save.mutate(v, { onSuccess: () => setEdit(null) })}
          />
        </Panel>
      )}
      {tags.isPending && <Loading what="tags" />}
      {tags.error && <ErrorBox error={tags.error} />}
      {del.error && <ErrorBox error={del.error} />}
      {tags.data?.length === 0 && <Empty>No tags yet.</Empty>}
      {!!tags.data?.length && (
        <table className="w-full rounded-lg bg-white text-sm dark:bg-slate-900">
          <caption className="sr-only">Server tags</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
              {['Name', 'Servers', ''].map((h, i) => (
                <th key={i} scope="col" className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
                  {h || <span className="sr-only">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tags.data.map((t) => (
              <tr key={t.id} className="border-b border-slate-100 dark:border-slate-800">
                <td className="px-3 py-1.5 font-medium">{t.name}</td>
                <td className="px-3 py-1.5">{t.servers.map((s) => name.get(s) ?? `#${s}`).join(', ') || '–'}</td>
                <td className="space-x-1 px-3 py-1.5 text-right whitespace-nowrap">
                  <Button variant="ghost" aria-label={`Edit tag ${t.name}`} onClick={() => (update.reset(), setEdit(String(t.id)))}>
                    Edit
                  </Button>
                  <ConfirmButton label="Delete" ariaLabel={`Delete tag ${t.name}`} question={`Delete the tag "${t.name}"?`} detail="Server sets and alerts that use it lose it." pending={del.isPending && del.variables === t.id} onConfirm={() => del.mutate(t.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
