import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useServerSets } from '../../api/incidents';
import { useLogSearch } from '../../api/log-search';
import { useServerTagList } from '../../api/server-tags';
import { useServerChoices } from '../../api/servers';
import { useTimeView } from '../../app/use-time-view';
import { Pager } from '../../components/ui/pager';
import { ErrorBox, Loading, Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import { SearchForm, type SearchChoices } from './search-form';
import { SearchResults } from './search-results';
import { parseSearch, SEARCH_KEYS, SEARCH_PAGE, toRequest } from './search-state';

/** One search across every log of the account, narrowed by server, tag, set, source type and severity, over the range bar's range. */
export default function LogSearchPage() {
  const [params, setParams] = useSearchParams();
  const { window } = useTimeView();
  const state = parseSearch(params);
  const { request, clipped } = toRequest(state, window);
  const results = useLogSearch(request);
  const servers = useServerChoices();
  const tags = useServerTagList();
  const sets = useServerSets();
  const choices: SearchChoices = useMemo(
    () => ({
      servers: [...(servers.data?.names ?? [])].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
      tags: (tags.data ?? []).map((t) => ({ id: t.id, name: t.name })),
      sets: (sets.data ?? []).map((s) => ({ id: s.id, name: s.name })),
    }),
    [servers.data, tags.data, sets.data],
  );
  // Links to a log keep the range, not the explorer's filters.
  const rangeSearch = useMemo(() => {
    const p = new URLSearchParams(params);
    for (const k of SEARCH_KEYS) p.delete(k);
    return p;
  }, [params]);
  const change = (changes: Record<string, string>) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(changes)) {
        if (v) p.set(k, v);
        else p.delete(k);
      }
      if (!('lpage' in changes)) p.delete('lpage');
      return p;
    });

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Log search</h1>
      <SearchForm state={state} choices={choices} onChange={change} />
      <Panel title={`Messages from ${formatTime(request.start)} to ${formatTime(request.end)} UTC, newest first`}>
        {clipped && <p className="mb-1 text-xs text-amber-800 dark:text-amber-300">A search reads at most 7 days: these are the range's last 7 days.</p>}
        {results.isPending && <Loading what="messages" />}
        {results.error && <ErrorBox error={results.error} />}
        {results.data && results.data.count > SEARCH_PAGE && (
          <Pager page={state.page} size={SEARCH_PAGE} count={results.data.count} onPage={(n) => change({ lpage: n ? String(n) : '' })} />
        )}
        {results.data && <SearchResults rows={results.data.rows} rangeSearch={rangeSearch} />}
      </Panel>
    </div>
  );
}
