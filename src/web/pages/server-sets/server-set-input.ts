import type { ServerSet } from '../../../shared/server-sets';
import type { ServerSetFormInput } from '../../api/server-sets';

/** Tag ids of a set (the API answers them as item paths such as `/api/v5/server_tags/7/`). */
export function tagIds(s: Pick<ServerSet, 'server_tags'>): number[] {
  return s.server_tags.map((p) => Number(/(\d+)\/?$/.exec(p)?.[1])).filter((n) => n > 0);
}

/** The form's values for a set, or for a new one (no tags, detection off). */
export function setFormOf(s: ServerSet | undefined): ServerSetFormInput {
  return { name: s?.name ?? '', server_tags: s ? tagIds(s) : [], auto_detection: s?.auto_detection ?? false };
}

/** The picked tag ids after a tag's box is (un)checked, kept in ascending order. */
export function toggleId(ids: readonly number[], id: number, on: boolean): number[] {
  const rest = ids.filter((x) => x !== id);
  return on ? [...rest, id].sort((a, b) => a - b) : rest;
}
