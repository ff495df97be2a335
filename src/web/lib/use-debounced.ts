import { useEffect, useState } from 'react';

/** The value as it was `ms` after it last changed: a query keyed on it waits for the typing to stop. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
