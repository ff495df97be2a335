import { ApiError } from '../../api/client';

/** What the acknowledge page says about a token that does not work, from the service's answer. */
export function ackFailure(error: unknown): { title: string; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof ApiError)) return { title: 'Something went wrong', message };
  if (error.status === 0) return { title: 'Fleetwatch cannot be reached', message: 'Check your connection and open the link again.' };
  if (error.status === 410) return { title: 'This link no longer works', message };
  if (error.status === 409) return { title: 'Nothing to acknowledge', message };
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
