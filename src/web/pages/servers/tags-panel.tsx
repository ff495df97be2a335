import { useServerTags, useSetServerTags } from '../../api/servers';
import { useServerTagList } from '../../api/server-tags';
import { useCan } from '../../app/use-can';
import { TagPickerForm } from '../../components/forms/tag-picker-form';
import { Loading, Panel } from '../../components/ui/status';

/** A server's tags: checkboxes and a save for a role that may tag servers, the tag names for the others. */
export function TagsPanel({ serverId }: { serverId: number }) {
  const all = useServerTagList();
  const mine = useServerTags(serverId);
  const save = useSetServerTags(serverId);
  const writer = useCan('server_tags.write');
  const names = all.data && mine.data ? all.data.filter((t) => mine.data.server_tags.includes(t.id)).map((t) => t.name) : [];
  return (
    <Panel title="Tags">
      {(all.isPending || mine.isPending) && <Loading what="tags" />}
      {!writer && all.data && mine.data && <p className="text-sm">{names.length ? names.join(', ') : 'No tags.'}</p>}
      {writer && all.data && mine.data && (
        <TagPickerForm tags={all.data} selected={mine.data.server_tags} pending={save.isPending} error={save.error?.message} onSubmit={(ids) => save.mutate(ids)} />
      )}
      {save.isSuccess && <p role="status" className="mt-1 text-xs text-green-700 dark:text-green-400">Tags saved.</p>}
    </Panel>
  );
}
