import { useUsers } from '../../api/users';
import { Button } from '../../components/ui/button';
import { FieldGroup } from '../../components/forms/form-fields';
import { inputClass } from '../../components/ui/field';
import { blankSubscriber, type SecretState, type SubscriberDraft, type UserDraft } from './alert-draft';
import { SubscriberSecretField } from './subscriber-secret-field';

const CHANNELS = [
  { key: 'sendemail', label: 'E-mail' },
  { key: 'sendsms', label: 'SMS' },
  { key: 'pushnotification', label: 'Push' },
] as const;

/** The people an alert notifies, each with e-mail, SMS and push toggles. */
export function AlertUsersEditor({ value, onChange, error }: { value: UserDraft[]; onChange: (v: UserDraft[]) => void; error?: string }) {
  const users = useUsers();
  const byId = new Map(value.map((u) => [u.id, u]));
  const set = (id: number, next: UserDraft | null) => {
    const rest = value.filter((u) => u.id !== id);
    onChange(next ? [...rest, next].sort((a, b) => a.id - b.id) : rest);
  };
  return (
    <FieldGroup legend="Users to notify" error={error}>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
            <th scope="col" className="py-1">User</th>
            {CHANNELS.map((c) => (
              <th key={c.key} scope="col" className="py-1">{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(users.data ?? []).map((u) => {
            const mine = byId.get(u.id);
            const who = `${u.first_name} ${u.last_name}`;
            return (
              <tr key={u.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1">
                  {/* An e-mail is one long word: it may break anywhere, so a phone's table stays within the screen. */}
                  <label className="flex min-w-0 items-center gap-2">
                    <input type="checkbox" checked={!!mine} onChange={(e) => set(u.id, e.target.checked ? { id: u.id, sendemail: true, sendsms: false, pushnotification: false } : null)} />
                    <span className="min-w-0">
                      {who} <span className="text-xs break-all text-slate-600 dark:text-slate-400">{u.email}</span>
                    </span>
                  </label>
                </td>
                {CHANNELS.map((c) => (
                  <td key={c.key} className="py-1">
                    <input
                      type="checkbox"
                      aria-label={`${c.label} for ${who}`}
                      disabled={!mine}
                      checked={mine?.[c.key] ?? false}
                      onChange={(e) => mine && set(u.id, { ...mine, [c.key]: e.target.checked })}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {users.isPending && <p className="text-sm">Loading users…</p>}
    </FieldGroup>
  );
}

/** The callback subscribers: url, method, events, optional Basic credentials and HMAC secret. */
export function SubscribersEditor({ value, secrets, onChange, error }: { value: SubscriberDraft[]; secrets: SecretState[]; onChange: (v: SubscriberDraft[]) => void; error?: string }) {
  const edit = (i: number, patch: Partial<SubscriberDraft>) => onChange(value.map((s, j) => (i === j ? { ...s, ...patch } : s)));
  return (
    <FieldGroup legend="Callback subscribers" error={error}>
      {value.map((s, i) => (
        <div key={i} className="grid gap-2 rounded border border-slate-200 p-2 sm:grid-cols-[2fr_6rem_8rem_1fr_1fr_auto] sm:items-start dark:border-slate-700">
          <input className={inputClass} aria-label={`Subscriber ${i + 1} URL`} placeholder="https://hooks.example.com/alert" value={s.url} onChange={(e) => edit(i, { url: e.target.value })} />
          <select className={inputClass} aria-label={`Subscriber ${i + 1} method`} value={s.type} onChange={(e) => edit(i, { type: e.target.value as SubscriberDraft['type'] })}>
            <option value="get">GET</option>
            <option value="post">POST</option>
          </select>
          <select className={inputClass} aria-label={`Subscriber ${i + 1} events`} value={s.event} onChange={(e) => edit(i, { event: e.target.value as SubscriberDraft['event'] })}>
            <option value="BOTH">Both</option>
            <option value="TRIGGERED">Triggered</option>
            <option value="RESOLVED">Resolved</option>
          </select>
          <input className={inputClass} aria-label={`Subscriber ${i + 1} Basic auth (base64)`} placeholder="Basic auth (base64)" value={s.auth} onChange={(e) => edit(i, { auth: e.target.value })} />
          <SubscriberSecretField n={i + 1} state={secrets[i] ?? 'none'} value={s} onChange={(patch) => edit(i, patch)} />
          <Button variant="ghost" onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={`Remove subscriber ${i + 1}`}>
            Remove
          </Button>
        </div>
      ))}
      <Button onClick={() => onChange([...value, blankSubscriber()])}>Add subscriber</Button>
    </FieldGroup>
  );
}
