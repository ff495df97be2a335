import { serverSetInput, type ServerSet } from '../../../shared/server-sets';
import type { ServerTag } from '../../../shared/server-tags';
import { useDeleteServerSet, useSaveServerSet, useServerSetList, type ServerSetFormInput } from '../../api/server-sets';
import { useServerTagChoices } from '../../api/server-tags';
import { editable, type FieldsProps } from '../../app/editable-resource';
import { FieldGroup } from '../../components/forms/form-fields';
import { TextField } from '../../components/ui/field';
import { namesOf, type Choices } from '../../lib/choices';
import { setFormOf, tagIds, toggleId } from './server-set-input';

type Options = Choices<ServerTag>;

/** A set's name, the tags whose servers it holds, and whether applications are detected on it. */
function ServerSetFields({ value, set, errors, options }: FieldsProps<ServerSetFormInput, Options>) {
  return (
    <>
      <div className="max-w-sm">
        <TextField label="Set name" value={value.name} onChange={(e) => set({ name: e.target.value })} error={errors.name} />
      </div>
      <FieldGroup legend="Server tags" error={errors.server_tags}>
        <div className="flex flex-wrap gap-2">
          {options.items.map((t) => (
            <label key={t.id} className="flex items-center gap-1 rounded border border-slate-200 px-2 py-1 text-sm dark:border-slate-700">
              <input type="checkbox" checked={value.server_tags.includes(t.id)} onChange={(e) => set({ server_tags: toggleId(value.server_tags, t.id, e.target.checked) })} />
              {t.name}
            </label>
          ))}
        </div>
      </FieldGroup>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={value.auto_detection} onChange={(e) => set({ auto_detection: e.target.checked })} /> Detect applications automatically
      </label>
    </>
  );
}

const tagNames = (s: ServerSet, o: Options | undefined) => namesOf(tagIds(s), o?.names);

/** Server sets: groups of servers made of tags. */
export const serverSetResource = editable<ServerSet, ServerSetFormInput, ServerSetFormInput, Options>({
  permission: 'server_sets.write',
  labels: {
    title: 'Server sets',
    loading: 'server sets',
    empty: 'No server sets.',
    add: 'New set',
    addTitle: 'New server set',
    editTitle: (s) => `Edit ${s.name}`,
    save: () => 'Save set',
    edit: (s) => `Edit set ${s.name}`,
    delete: (s) => `Delete set ${s.name}`,
    confirm: (s) => ({ question: `Delete the server set "${s.name}"?` }),
  },
  useList: useServerSetList,
  useOptions: () => useServerTagChoices().data,
  useSave: useSaveServerSet,
  useDelete: useDeleteServerSet,
  columns: [
    { header: 'Name', className: 'font-medium', cell: (s) => s.name, text: (s) => s.name },
    { header: 'Tags', cell: (s, o) => tagNames(s, o) || '–', text: tagNames },
    { header: 'Servers', cell: (s) => s.servers.length },
    { header: 'Detection', cell: (s) => (s.auto_detection ? 'Automatic' : 'Off') },
  ],
  toForm: setFormOf,
  toInput: (v) => v,
  schema: () => serverSetInput,
  Fields: ServerSetFields,
});
