import { z } from 'zod';

/** The signed-in account: e-mail and API key, kept in sessionStorage so closing the tab signs out. */
export const sessionSchema = z.object({ email: z.string().min(1), apiKey: z.string().min(1) });
export type Session = z.infer<typeof sessionSchema>;

export const SESSION_KEY = 'fleetwatch.session';

/** The stored session, or null when absent or unreadable. */
export function readSession(storage: Pick<Storage, 'getItem'> = sessionStorage): Session | null {
  const raw = storage.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const r = sessionSchema.safeParse(JSON.parse(raw));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

export function writeSession(s: Session, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  storage.setItem(SESSION_KEY, JSON.stringify(s));
}

export function clearSession(storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  storage.removeItem(SESSION_KEY);
}

/** The Authorization header value of a session (UTF-8 safe base64). */
export function basicHeader(s: Session): string {
  const bytes = new TextEncoder().encode(`${s.email}:${s.apiKey}`);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return `Basic ${btoa(bin)}`;
}
