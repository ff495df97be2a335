import { useState, type FormEvent } from 'react';
import { invitationCreate } from '../../../shared/invitations';
import { ROLE_MANAGER, ROLE_REGULAR } from '../../../shared/users';
import { useInvite, usePendingInvitations, useWithdrawInvitation, type InviteFormInput } from '../../api/invitations';
import { useCan } from '../../app/use-can';
import { ConfirmButton } from '../../components/forms/confirm-button';
import { checkWith, serverFieldErrors, type FieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import { humanMessage } from './user-input';

const EMPTY: InviteFormInput = { first_name: '', last_name: '', email: '', role: String(ROLE_REGULAR) };

/**
 * How a Manager adds a teammate: a name and an e-mail (no phone), and the service e-mails a link that
 * works once for 7 days; the invitee picks their own name and gets their own key. Below, the
 * invitations still pending, each withdrawable. Nothing for a role that may not invite.
 */
export function InvitePanel() {
  const may = useCan('users.invite');
  const pending = usePendingInvitations(may);
  const invite = useInvite();
  const withdraw = useWithdrawInvitation();
  const [v, setV] = useState(EMPTY);
  const [local, setLocal] = useState<FieldErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (!may) return null;
  const errors: FieldErrors = { ...serverFieldErrors(invite.error), ...local };
  const set = (patch: Partial<InviteFormInput>) => setV((x) => ({ ...x, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkWith(invitationCreate, v);
    setLocal(checked.ok ? {} : checked.errors);
    if (checked.ok) invite.mutate(v, { onSuccess: (i) => (setSentTo(i.email), setV(EMPTY)) });
  };
  return (
    <Panel title="Invite a teammate">
      <form onSubmit={submit} noValidate className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <TextField label="First name" value={v.first_name} onChange={(e) => set({ first_name: e.target.value })} error={humanMessage(errors.first_name)} />
          <TextField label="Last name" value={v.last_name} onChange={(e) => set({ last_name: e.target.value })} error={humanMessage(errors.last_name)} />
          <TextField label="E-mail address" type="email" autoComplete="off" value={v.email} onChange={(e) => set({ email: e.target.value })} error={humanMessage(errors.email)} />
          <SelectField label="Role" value={v.role} onChange={(e) => set({ role: e.target.value })}>
            <option value={String(ROLE_REGULAR)}>Regular (reads everything, changes only their own profile)</option>
            <option value={String(ROLE_MANAGER)}>Manager (also changes configuration)</option>
          </SelectField>
        </div>
        {errors._form && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{errors._form}</p>}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="primary" disabled={invite.isPending}>
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
          <span className="text-xs text-slate-600 dark:text-slate-400">They get an e-mail with a link that works once, for 7 days; no phone number needed.</span>
          {sentTo && <span role="status" className="text-sm text-green-700 dark:text-green-400">Invitation sent to {sentTo}.</span>}
        </div>
      </form>
      {!!pending.data?.length && (
        <table className="mt-4 w-full text-sm">
          <caption className="text-left text-xs font-medium text-slate-600 dark:text-slate-400">Pending invitations</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
              {['Name', 'E-mail', 'Role', 'Expires', ''].map((h, i) => (
                <th key={i} scope="col" className="px-2 py-1">{h || <span className="sr-only">Actions</span>}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {pending.data.map((i) => (
              <tr key={i.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="px-2 py-1">{i.first_name} {i.last_name}</td>
                <td className="px-2 py-1">{i.email}</td>
                <td className="px-2 py-1">{i.role_text}</td>
                <td className="px-2 py-1">{formatTime(i.expires)}</td>
                <td className="px-2 py-1 text-right">
                  <ConfirmButton
                    label="Withdraw"
                    ariaLabel={`Withdraw the invitation of ${i.email}`}
                    question={`Withdraw the invitation of ${i.email}?`}
                    detail="The link in their e-mail stops working."
                    pending={withdraw.isPending && withdraw.variables === i.id}
                    onConfirm={() => withdraw.mutate(i.id)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
