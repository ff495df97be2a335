/** Placeholder while the PostgreSQL repos are written: every method rejects. Deleted when all exist. */
export function notYet<T extends object>(repo: string): T {
  return new Proxy({} as T, {
    get: (_t, method) => () => Promise.reject(new Error(`${repo}.${String(method)} is not implemented on PostgreSQL yet`)),
  });
}
