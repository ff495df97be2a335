import { parseUid } from '../../../shared/telemetry';
import { fieldInfo } from './catalog';
import type { SeriesRef } from './selection';

/** Names of what series read, by id, as the lists loaded so far give them. */
export interface SourceNames {
  servers?: ReadonlyMap<number, string>;
  applications?: ReadonlyMap<number, string>;
  polled?: ReadonlyMap<number, string>;
  buckets?: ReadonlyMap<number, string>;
  logs?: ReadonlyMap<number, string>;
}

/** What a series reads, for people: `web-01 · CPU %`, `pid 345 on web-01 · Memory`; `#id` until its list loads. */
export function seriesLabel(r: SeriesRef, names: SourceNames): string {
  const field = fieldInfo(r.kind, r.field).label;
  const name = (m: ReadonlyMap<number, string> | undefined, id: number) => m?.get(id) ?? `#${id}`;
  switch (r.kind) {
    case 's':
      return `${name(names.servers, r.ref)} · ${field}`;
    case 'p': {
      const u = parseUid(r.ref);
      return u ? `pid ${u.pid} on ${name(names.servers, u.serverId)} · ${field}` : `${r.ref} · ${field}`;
    }
    case 'a':
      return `${name(names.applications, r.ref)} · ${field}`;
    case 'd':
      return `${name(names.polled, r.ref)} · ${field}`;
    case 'b':
      return `${name(names.buckets, r.ref)} · ${field}`;
    case 'l':
      return `${name(names.logs, r.ref)} · ${field}`;
  }
}
