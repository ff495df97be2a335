import type { Page } from '@playwright/test';
import { FIELDS } from '../../src/web/pages/correlate/catalog';
import { encodeSelection, type SeriesRef } from '../../src/web/pages/correlate/selection';
import { timeServerPage } from './browser';
import type { client } from './seed';
import type { Figure } from '../report';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * `n` series of the history server: its scalar fields that have values, then fields of its processes
 * (so the page reads several sources, as a real view does), read through the API.
 */
export async function correlateSeries(api: ReturnType<typeof client>, serverId: number, n: number): Promise<SeriesRef[]> {
  const latest = (await api.call('GET', `/servers/${serverId}/data/?num=1`)) as { data: Record<string, unknown>[] };
  const rec = latest.data[0] ?? {};
  const refs: SeriesRef[] = Object.keys(FIELDS.s).filter((f) => typeof rec[f] === 'number').map((field) => ({ kind: 's', ref: serverId, field }));
  const procs = (await api.call('GET', `/servers/${serverId}/processes/`)) as { data: { uid: string }[] };
  for (const p of procs.data) for (const field of ['cpu', 'memory', 'thread_num']) refs.push({ kind: 'p', ref: p.uid, field });
  return refs.slice(0, n);
}

/**
 * The correlate page over 7 days: navigation to every panel drawn with `many` series against one
 * series (the goal is at most 1.5x), printed with the panels and requests it took.
 */
export async function correlateFigures(page: Page, address: string, many: SeriesRef[], opts: { runs: number; log: (s: string) => void; fig: Figure }) {
  const url = (refs: SeriesRef[]) => `${address}/correlate?range=7d&series=${encodeSelection(refs)}`;
  const cases: [string, SeriesRef[]][] = [
    ['1 series', many.slice(0, 1)],
    [`${many.length} series`, many],
  ];
  await timeServerPage(page, url(many)); // warm the page's JS chunk
  const totals = new Map<string, number[]>();
  const fetched = new Map<string, number[]>();
  let panels = 0;
  let requests = 0;
  for (let r = 0; r < opts.runs; r++) {
    for (const [label, refs] of cases) {
      const t = await timeServerPage(page, url(refs));
      const data = await dataRequests(page);
      totals.set(label, [...(totals.get(label) ?? []), t.total]);
      fetched.set(label, [...(fetched.get(label) ?? []), data.lastEnd]);
      panels = t.charts;
      requests = data.count;
    }
  }
  const [one, all] = cases.map(([label]) => median(totals.get(label)!));
  const [oneFetched, allFetched] = cases.map(([label]) => median(fetched.get(label)!));
  const sources = new Set(many.map((r) => `${r.kind}.${r.ref}`)).size;
  opts.fig('correlate page over 7 days, 1 series, navigation to every panel drawn', `${Math.round(one!)} ms`);
  opts.fig(`  ${many.length} series (${requests} data requests, ${panels} panels)`, `${Math.round(all!)} ms`);
  opts.fig('  ratio', `${(all! / one!).toFixed(2)}x`, '<= 1.5x');
  opts.log(`\ncorrelate page over 7 days (navigation to every panel drawn; fetch = navigation to the last data response):`);
  opts.log(`    1 series: ${Math.round(one!)} ms (${Math.round(oneFetched!)} ms fetch); ${many.length} series (${sources} sources, ${requests} data requests, ${panels} panels by unit): ${Math.round(all!)} ms (${Math.round(allFetched!)} ms fetch); ratio ${(all! / one!).toFixed(2)}x (goal <= 1.5x)`);
}

/** The data requests of the page just timed (any source's `/data/`): how many, and when the last one ended. */
function dataRequests(page: Page): Promise<{ count: number; lastEnd: number }> {
  return page.evaluate(() => {
    const data = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => /\/api\/v5\/.+\/data\/\?/.test(e.name));
    return { count: data.length, lastEnd: Math.max(0, ...data.map((e) => e.responseEnd)) };
  });
}
