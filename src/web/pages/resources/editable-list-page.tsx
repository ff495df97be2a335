import { useSearchParams } from 'react-router';
import { useMe } from '../../api/session';
import type { EditableResource } from '../../app/editable-resource';
import { useCan } from '../../app/use-can';
import { ConfirmButton } from '../../components/forms/confirm-button';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { ListFilter, useUrlFilter } from '../../components/ui/list-filter';
import { ReadOnlyNote } from '../../components/ui/read-only-note';
import { Empty, ErrorBox, Loading, Panel } from '../../components/ui/status';
import { filterRows } from '../../lib/filter-rows';
import { EditableForm } from './editable-form';
import { editParam } from './editable-state';

/**
 * The generic screen of an editable resource: its list with a filter (`?q=`), a panel with the form
 * to add or edit one (`?edit=new|<id>`), and delete after asking. Without the Manager role the list
 * is read-only: no add, edit or delete (the service would refuse them with a 403 anyway).
 */
export default function EditableListPage<T extends { id: number }, F extends object, I, O>({ resource: r }: { resource: EditableResource<T, F, I, O> }) {
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useUrlFilter();
  const edit = editParam(params.get('edit'));
  const id = typeof edit === 'number' ? edit : null;
  const me = useMe();
  const writer = useCan(r.permission);
  const mayEdit = (row: T) => writer || (!!me && !!r.canEditOwn?.(row, me));
  const list = r.useList();
  const options = r.useOptions?.();
  const save = r.useSave(id);
  const del = r.useDelete();
  const setEdit = (v: string | null) => setParams((p) => (v ? p.set('edit', v) : p.delete('edit'), p));
  // A save that failed earlier must not show its error in the next form.
  const open = (v: string) => (save.reset(), setEdit(v));
  const current = id === null ? undefined : list.data?.find((row) => row.id === id);
  // A resource without options has O = undefined, so once ready `options` is an O either way.
  const optionsReady = !r.useOptions || options !== undefined;
  const rows = filterRows(list.data ?? [], r.columns, q, options);
  const L = r.labels;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="text-lg font-semibold">{L.title}</h1>
        {writer && !r.noAdd && (
          <Button variant="primary" onClick={() => open('new')}>
            {L.add}
          </Button>
        )}
        <ListFilter value={q} onChange={setQ} />
      </div>
      <ReadOnlyNote />
      {r.Header && <r.Header />}
      {edit !== null && optionsReady && (id === null ? writer && !r.noAdd : current && mayEdit(current)) && (
        <Panel title={current ? L.editTitle(current) : L.addTitle}>
          <EditableForm
            key={String(edit)}
            resource={r}
            creating={id === null}
            initial={r.toForm(current)}
            options={options as O}
            pending={save.isPending}
            error={save.error}
            onCancel={() => setEdit(null)}
            onSubmit={(input) => save.mutate(input, { onSuccess: () => setEdit(null) })}
          />
        </Panel>
      )}
      {list.isPending && <Loading what={L.loading} />}
      {list.error && <ErrorBox error={list.error} />}
      {del.error && <ErrorBox error={del.error} retry={false} />}
      {list.data?.length === 0 && <Empty>{L.empty}</Empty>}
      {!!list.data?.length && rows.length === 0 && <Empty>Nothing matches "{q}".</Empty>}
      {rows.length > 0 && (
        <DataTable
          caption={L.title}
          columns={r.columns}
          rows={rows}
          rowKey={(row) => row.id}
          ctx={options}
          actions={(row) => (
            <>
              {mayEdit(row) && (
                <Button variant="ghost" aria-label={L.edit(row)} onClick={() => open(String(row.id))}>
                  Edit
                </Button>
              )}
              {writer && (r.canDelete?.(row) ?? true) && (
                <ConfirmButton label="Delete" ariaLabel={L.delete(row)} {...L.confirm(row)} pending={del.isPending && del.variables === row.id} onConfirm={() => del.mutate(row.id)} />
              )}
              {r.RowActions && <r.RowActions row={row} writer={writer} />}
            </>
          )}
        />
      )}
    </div>
  );
}
