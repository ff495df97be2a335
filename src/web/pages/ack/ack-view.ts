import { ApiError } from '../../api/client';

/** What the acknowledge page says about a token that does not work, from the service's answer. */
export function ackFailure(error: unknown): { title: string; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof ApiError)) return { title: 'Something went wrong', message };
  if (error.status === 0) return { title: 'Fleetwatch cannot be reached', message: 'Check your connection and open the link again.' };
  if (error.status === 410) return { title: 'This link no longer works', message };
  // 409 is a used link or an ended incident; the service's words tell which.
  if (error.status === 409) return { title: /already used/i.test(message) ? 'This link was already used' : 'Nothing to acknowledge', message };
  if (error.status === 404 || error.status === 400 || error.status === 403 || error.status === 401) return { title: 'This link is not valid', message };
  return { title: 'Something went wrong', message };
}

/**
 * What the confirm screen offers for the token's incident: acknowledge it, or say why not (it
 * ended, or the link expired while the page was open).
 */
export function ackOffer(info: { end: number | null; expires: number }, now: number): 'confirm' | 'resolved' | 'expired' {
  if (info.expires <= now) return 'expired';
  return info.end === null ? 'confirm' : 'resolved';
}

/**
 * The incident a token names (its claims are readable ids, `a1.<account>.<history>.<user>...`): the
 * way to the incident page when the link itself no longer works. Null when it is not shaped like one.
 */
export function historyOfToken(token: string): number | null {
  const m = /^a1\.\d+\.(\d+)\.\d+\./.exec(token);
  return m ? Number(m[1]) : null;
}
