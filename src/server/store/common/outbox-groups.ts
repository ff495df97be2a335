/** What a claim needs to know of a due notification row to group it (both stores' rows have these columns). */
export interface GroupableRow {
  id: number;
  account_id: number;
  channel: string;
  recipient: string;
  group_wait_s: number;
}

/**
 * The messages of a claim's due notification rows (oldest first): rows queued with a group window that
 * share account, channel and recipient become one message led by the oldest; the others go alone.
 * Each store then sweeps more pending rows of the recipient into every message that has a window.
 */
export function groupsOf<R extends GroupableRow>(due: readonly R[]): R[][] {
  const groups: R[][] = [];
  const byKey = new Map<string, R[]>();
  for (const r of due) {
    if (r.group_wait_s <= 0) {
      groups.push([r]);
      continue;
    }
    const key = JSON.stringify([r.account_id, r.channel, r.recipient]);
    const g = byKey.get(key);
    if (g) g.push(r);
    else {
      const fresh = [r];
      byKey.set(key, fresh);
      groups.push(fresh);
    }
  }
  return groups;
}
