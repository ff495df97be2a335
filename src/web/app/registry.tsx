import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';
import { useNamedApplications, type NamedApplication } from '../api/applications';
import { useBuckets, type BucketItem } from '../api/buckets';
import { useNamedLogs, type NamedLog } from '../api/logs';
import { usePolledItems, type PolledItem } from '../api/polled-data';
import { templateName } from '../lib/templates';
import type { Column } from '../components/ui/data-table';
import { formatTime } from '../lib/format';
import { paths } from './paths';

/** A plain list screen: what to fetch, how to show it, where a row leads. */
export interface ResourceEntry<T> {
  title: string;
  path: string;
  /** The hook of the list (from the resource's api module). */
  useList: () => UseQueryResult<T[]>;
  rowKey: (row: T) => string | number;
  columns: Column<T>[];
  rowLink?: (row: T) => string;
  /** Shown above the list (e.g. the form that sends StatsD lines). */
  aside?: ComponentType;
}

/** Keeps each entry's row type checked while the registry holds entries of different types. */
function entry<T>(e: ResourceEntry<T>): ResourceEntry<unknown> {
  return e as unknown as ResourceEntry<unknown>;
}

const SendLinePanel = lazy(() => import('../pages/buckets/send-line-panel'));
const when = (t: number | undefined) => (t ? formatTime(t) : '–');

/**
 * The plain list screens. A new one is an entry here (its route is generated); editable list + form
 * screens are in editable-registry.ts; bespoke screens such as the server page stay hand-written under pages/.
 */
export const REGISTRY = {
  applications: entry<NamedApplication>({
    title: 'Applications',
    path: paths.applications,
    useList: useNamedApplications,
    rowKey: (a) => a.id,
    rowLink: (a) => paths.application(a.id),
    columns: [
      { header: 'Name', cell: (a) => a.name, text: (a) => a.name },
      { header: 'Servers', cell: (a) => a.server_names || '–', text: (a) => a.server_names },
      { header: 'Template', cell: (a) => templateName(a.template), text: (a) => templateName(a.template) },
      { header: 'Created', cell: (a) => when(a.created) },
    ],
  }),
  logs: entry<NamedLog>({
    title: 'Logs',
    path: paths.logs,
    useList: useNamedLogs,
    rowKey: (l) => l.id,
    rowLink: (l) => paths.log(l.id),
    columns: [
      { header: 'Source', cell: (l) => l.source, text: (l) => l.source },
      { header: 'Type', cell: (l) => l.source_type, text: (l) => l.source_type },
      { header: 'Server', cell: (l) => l.server_name ?? '…', text: (l) => l.server_name ?? '' },
      { header: 'Limit per minute', cell: (l) => l.limit },
    ],
  }),
  polledData: entry<PolledItem>({
    title: 'Polled data',
    path: paths.polledData,
    useList: usePolledItems,
    rowKey: (p) => p.id,
    rowLink: (p) => paths.polledItem(p.id),
    columns: [
      { header: 'Name', cell: (p) => p.name, text: (p) => p.name },
      { header: 'Server', cell: (p) => p.server_hostname ?? '…', text: (p) => p.server_hostname ?? '' },
      { header: 'Command', cell: (p) => <code className="text-xs">{p.command_line ?? p.command_name}</code>, text: (p) => p.command_line ?? '' },
    ],
  }),
  buckets: entry<BucketItem>({
    title: 'StatsD buckets',
    path: paths.buckets,
    useList: useBuckets,
    rowKey: (b) => b.id,
    rowLink: (b) => paths.bucket(b.id),
    aside: SendLinePanel,
    columns: [
      { header: 'Name', cell: (b) => b.name, text: (b) => b.name },
      { header: 'Type', cell: (b) => b.type, text: (b) => b.type },
      { header: 'Created', cell: (b) => when(b.create_time) },
      { header: 'Last updated', cell: (b) => when(b.last_updated) },
    ],
  }),
} satisfies Record<string, ResourceEntry<unknown>>;
export type RegistryKey = keyof typeof REGISTRY;
