import { useSearchParams } from 'react-router';
import type { UserProfile } from '../../../shared/users';
import { useDeleteUser, useSaveUser, useUsers, type UserFormInput } from '../../api/users';
import { ConfirmButton } from '../../components/forms/confirm-button';
import { Button } from '../../components/ui/button';
import { Empty, ErrorBox, Loading, Panel } from '../../components/ui/status';
import { UserForm } from './user-form';

const formOf = (u: UserProfile | undefined): UserFormInput => ({
  first_name: u?.first_name ?? '',
  last_name: u?.last_name ?? '',
  email: u?.email ?? '',
  country_code: u?.country_code === null || u?.country_code === undefined ? '' : String(u.country_code),
  phone_number: u?.phone_number === null || u?.phone_number === undefined ? '' : String(u.phone_number),
});

/** User profiles: list, add, edit, delete (never the account owner: it has no delete button, and a 403 is shown). */
export default function UsersPage() {
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit');
  const id = editing && editing !== 'new' ? Number(editing) : null;
  const users = useUsers();
  const save = useSaveUser(id);
  const del = useDeleteUser();
  const setEdit = (v: string | null) => setParams((p) => (v ? p.set('edit', v) : p.delete('edit'), p));
  const current = id === null ? undefined : users.data?.find((u) => u.id === id);

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-lg font-semibold">Users</h1>
        <Button variant="primary" onClick={() => (save.reset(), setEdit('new'))}>
          New user
        </Button>
      </div>
      {editing && (id === null || current) && (
        <Panel title={id === null ? 'New user' : `Edit ${current?.first_name} ${current?.last_name}`}>
          <UserForm key={editing} creating={id === null} initial={formOf(current)} pending={save.isPending} error={save.error} onCancel={() => setEdit(null)} onSubmit={(v) => save.mutate(v, { onSuccess: () => setEdit(null) })} />
        </Panel>
      )}
      {users.isPending && <Loading what="users" />}
      {users.error && <ErrorBox error={users.error} />}
      {del.error && <ErrorBox error={del.error} />}
      {users.data?.length === 0 && <Empty>No users.</Empty>}
      {!!users.data?.length && (
        <table className="w-full rounded-lg bg-white text-sm dark:bg-slate-900">
          <caption className="sr-only">Users</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
              {['Name', 'E-mail', 'Phone', 'Role', ''].map((h, i) => (
                <th key={i} scope="col" className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
                  {h || <span className="sr-only">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {users.data.map((u) => {
              const who = `${u.first_name} ${u.last_name}`;
              return (
                <tr key={u.id} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="px-3 py-1.5 font-medium">{who}</td>
                  <td className="px-3 py-1.5">{u.email}</td>
                  <td className="px-3 py-1.5">{u.phone_number === null ? '–' : `+${u.country_code ?? ''} ${u.phone_number}`}</td>
                  <td className="px-3 py-1.5">{u.is_account_owner ? 'Account owner' : u.role_text || '–'}</td>
                  <td className="space-x-1 px-3 py-1.5 text-right whitespace-nowrap">
                    <Button variant="ghost" aria-label={`Edit ${who}`} onClick={() => (save.reset(), setEdit(String(u.id)))}>
                      Edit
                    </Button>
                    {!u.is_account_owner && (
                      <ConfirmButton label="Delete" ariaLabel={`Delete ${who}`} question={`Delete the user ${who}?`} detail="Alerts stop notifying this person." pending={del.isPending && del.variables === u.id} onConfirm={() => del.mutate(u.id)} />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
