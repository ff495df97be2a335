import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { invitationAccept, type InvitationPreview } from '../../../shared/invitations';
import { ApiError } from '../../api/client';
import { useAcceptInvitation, useInvitationLink, type AcceptFormInput } from '../../api/invitations';
import { useSignIn } from '../../api/session';
import { paths } from '../../app/paths';
import { checkWith, serverFieldErrors, type FieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { formatTime } from '../../lib/format';
import { humanMessage } from '../users/user-input';

function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen justify-center bg-slate-50 p-3 sm:items-center sm:p-4 dark:bg-slate-950">
      <div className="w-full max-w-lg space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">{children}</div>
    </main>
  );
}

/** Why a link does not work, in the service's words under a title a person reads. */
function Failure({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  const status = error instanceof ApiError ? error.status : null;
  const title = status === 410 ? 'This invitation has expired' : status === 409 ? 'This invitation was already used' : status === 0 ? 'Fleetwatch cannot be reached' : 'This invitation link is not valid';
  return (
    <div role="alert" className="space-y-1">
      <h2 className="font-semibold text-red-800 dark:text-red-300">{title}</h2>
      <p className="text-sm break-words">{message}</p>
    </div>
  );
}

/**
 * The page an invitation e-mail's link opens, without sign-in (the link is the credential): the
 * invitee picks their name (a phone only for SMS), gets their API key once, and signs in with it.
 * Opening the page changes nothing; only the button accepts, once.
 */
export default function InvitePage() {
  const token = useParams().token ?? '';
  const link = useInvitationLink(token);
  const accept = useAcceptInvitation(token);
  return (
    <Frame>
      <h1 className="text-xl font-semibold">Join your team on Fleetwatch</h1>
      {link.isPending && <p role="status">Reading the invitation…</p>}
      {link.error && !accept.data && <Failure error={link.error} />}
      {accept.data ? (
        <KeyOnce email={accept.data.email} apiKey={accept.data.api_key} />
      ) : (
        link.data && <AcceptForm invitation={link.data} pending={accept.isPending} error={accept.error} onSubmit={(v) => accept.mutate(v)} />
      )}
    </Frame>
  );
}

function AcceptForm({ invitation: i, pending, error, onSubmit }: { invitation: InvitationPreview; pending: boolean; error: unknown; onSubmit: (v: AcceptFormInput) => void }) {
  const [v, setV] = useState<AcceptFormInput>({ first_name: i.first_name, last_name: i.last_name, country_code: '', phone_number: '' });
  const [local, setLocal] = useState<FieldErrors>({});
  const server = serverFieldErrors(error);
  const errors: FieldErrors = { ...server, ...local };
  const set = (patch: Partial<AcceptFormInput>) => setV((x) => ({ ...x, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkWith(invitationAccept, v);
    setLocal(checked.ok ? {} : checked.errors);
    if (checked.ok) onSubmit(v);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm">
        {i.invited_by_name} invites <strong>{i.email}</strong> as a {i.role_text} user. The invitation works once, until {formatTime(i.expires)} UTC.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="First name" value={v.first_name} onChange={(e) => set({ first_name: e.target.value })} error={humanMessage(errors.first_name)} />
        <TextField label="Last name" value={v.last_name} onChange={(e) => set({ last_name: e.target.value })} error={humanMessage(errors.last_name)} />
        <TextField label="Country code (optional, for SMS alerts)" inputMode="numeric" placeholder="44" value={v.country_code} onChange={(e) => set({ country_code: e.target.value })} error={humanMessage(errors.country_code)} />
        <TextField label="Phone number (optional, for SMS alerts)" inputMode="numeric" placeholder="7700900123" value={v.phone_number} onChange={(e) => set({ phone_number: e.target.value })} error={humanMessage(errors.phone_number)} />
      </div>
      {(errors._form || errors.token || errors.email) && <Failure error={error ?? new Error(errors._form)} />}
      <Button type="submit" variant="primary" className="w-full" disabled={pending}>
        {pending ? 'Joining…' : 'Join and get my API key'}
      </Button>
    </form>
  );
}

/** The new key, shown this once, and signing in with it. */
function KeyOnce({ email, apiKey }: { email: string; apiKey: string }) {
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [copied, setCopied] = useState(false);
  const copy = () => void navigator.clipboard?.writeText(apiKey).then(() => setCopied(true), () => setCopied(false));
  return (
    <section aria-label="Your API key" className="space-y-3">
      <p role="status" className="text-sm text-green-800 dark:text-green-300">Welcome: your profile is made.</p>
      <p className="text-sm">
        This is your API key. It is shown only this once: keep it in your password manager. With it and <strong>{email}</strong> you sign in to the dashboard and call the API.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code aria-label="API key" className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all dark:bg-slate-800">{apiKey}</code>
        <Button onClick={copy}>Copy key</Button>
        {copied && <span role="status" className="text-xs text-green-700 dark:text-green-400">Copied.</span>}
      </div>
      <Button variant="primary" className="w-full" disabled={signIn.isPending} onClick={() => signIn.mutate({ email, api_key: apiKey }, { onSuccess: () => navigate(paths.fleet, { replace: true }) })}>
        {signIn.isPending ? 'Signing in…' : 'Sign in to Fleetwatch'}
      </Button>
      {signIn.error && <Failure error={signIn.error} />}
    </section>
  );
}
