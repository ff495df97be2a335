import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { pagedSchema } from '../../../shared/paging';
import { server } from '../../../shared/servers';
import { api, ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { writeSession } from '../../app/session';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';

/** Sign-in with the account e-mail and API key, checked against the API before it is stored. */
export default function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const session = { email: email.trim(), apiKey: apiKey.trim() };
    if (!session.email || !session.apiKey) return setError('Enter the account e-mail and its API key.');
    setPending(true);
    setError(null);
    try {
      await api('GET', '/servers/', { params: { limit: 1 }, schema: pagedSchema(server), session });
      writeSession(session);
      const next = params.get('next');
      navigate(next?.startsWith('/') && !next.startsWith('//') ? next : paths.fleet, { replace: true });
    } catch (err) {
      setError(err instanceof ApiError && err.status === 401 ? 'Wrong e-mail or API key.' : err instanceof Error ? err.message : String(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4 dark:bg-slate-950">
      <form onSubmit={onSubmit} className="w-full max-w-sm space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900" noValidate>
        <h1 className="text-xl font-semibold">Sign in to Fleetwatch</h1>
        <TextField label="Email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <TextField label="API key" type="password" autoComplete="current-password" value={apiKey} onChange={(e) => setApiKey(e.target.value)} required />
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <Button variant="primary" type="submit" disabled={pending} className="w-full">
          {pending ? 'Signing in…' : 'Sign in'}
        </Button>
        <p className="text-xs text-slate-600 dark:text-slate-400">The demo account is printed by <code>npm start</code> and saved in data/demo-account.json.</p>
      </form>
    </main>
  );
}
