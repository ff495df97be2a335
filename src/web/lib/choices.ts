/** Items to pick among, with their display names by id (for pickers and for cells that show ids as names). */
export interface Choices<T> {
  items: T[];
  names: ReadonlyMap<number, string>;
}

/** The choices of a list, each named by `label`. */
export function choicesOf<T extends { id: number }>(items: T[], label: (item: T) => string): Choices<T> {
  return { items, names: new Map(items.map((i) => [i.id, label(i)])) };
}

/** Ids as their names, comma-separated; an unknown id (or all while names load) as `#id`. */
export function namesOf(ids: readonly number[], names: ReadonlyMap<number, string> | undefined): string {
  return ids.map((id) => names?.get(id) ?? `#${id}`).join(', ');
}
