import { serverTagCreate, serverTagUpdate, type ServerTag, type ServerTagInput } from '../../../shared/server-tags';
import { useDeleteServerTag, useSaveServerTag, useServerTagList } from '../../api/server-tags';
import { useServerChoices } from '../../api/servers';
import { editable, type FieldsProps } from '../../app/editable-resource';
import { ServerChecklist } from '../../components/forms/server-checklist';
import { TextField } from '../../components/ui/field';
import { namesOf, type Choices } from '../../lib/choices';
import type { Server } from '../../../shared/servers';

type Options = Choices<Server>;

/** A tag's name and the servers that carry it. */
function TagFields({ value, set, errors, options }: FieldsProps<ServerTagInput, Options>) {
  return (
    <>
      <div className="max-w-sm">
        <TextField label="Tag name" value={value.name} onChange={(e) => set({ name: e.target.value })} error={errors.name} />
      </div>
      <ServerChecklist servers={options.items} selected={value.servers} onChange={(ids) => set({ servers: ids })} error={errors.servers} />
    </>
  );
}

/** Server tags: a name (1-256 characters on create, 1-64 on update, as the service rules) and servers. */
export const tagResource = editable<ServerTag, ServerTagInput, ServerTagInput, Options>({
  permission: 'server_tags.write',
  labels: {
    title: 'Server tags',
    loading: 'tags',
    empty: 'No tags yet.',
    add: 'New tag',
    addTitle: 'New tag',
    editTitle: (t) => `Edit tag ${t.name}`,
    save: () => 'Save tag',
    edit: (t) => `Edit tag ${t.name}`,
    delete: (t) => `Delete tag ${t.name}`,
    confirm: (t) => ({ question: `Delete the tag "${t.name}"?`, detail: 'Server sets and alerts that use it lose it.' }),
  },
  useList: useServerTagList,
  useOptions: () => useServerChoices().data,
  useSave: useSaveServerTag,
  useDelete: useDeleteServerTag,
  columns: [
    { header: 'Name', className: 'font-medium', cell: (t) => t.name, text: (t) => t.name },
    { header: 'Servers', cell: (t, o) => namesOf(t.servers, o?.names) || '–', text: (t, o) => namesOf(t.servers, o?.names) },
  ],
  toForm: (t) => ({ name: t?.name ?? '', servers: t?.servers ?? [] }),
  toInput: (v) => v,
  schema: (creating) => (creating ? serverTagCreate : serverTagUpdate),
  Fields: TagFields,
});
