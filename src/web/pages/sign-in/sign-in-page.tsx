import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useSignIn } from '../../api/session';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';

/** Sign-in with an e-mail and its API key (the account's, or a user's own): the service opens a cookie session. */
export default function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signIn = useSignIn();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const c = { email: email.trim(), api_key: apiKey.trim() };
    if (!c.email || !c.api_key) return setError('Enter your e-mail and your API key.');
    setError(null);
    signIn.mutate(c, {
      onSuccess: () => {
        const next = params.get('next');
        navigate(next?.startsWith('/') && !next.startsWith('//') ? next : paths.fleet, { replace: true });
      },
      onError: (err) => setError(err instanceof ApiError && err.status === 401 ? 'Wrong e-mail or API key.' : err.message),
    });
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
        <Button variant="primary" type="submit" disabled={signIn.isPending} className="w-full">
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
        <p className="text-xs text-slate-600 dark:text-slate-400">The demo account is printed by <code>npm start</code> and saved in data/demo-account.json.</p>
      </form>
    </main>
  );
}
