import { ROLE_MANAGER, ROLE_REGULAR, type UserProfile } from '../../../shared/users';
import { useDeleteUser, useSaveUser, useUsers, type UserFormInput } from '../../api/users';
import { editable, type FieldsProps } from '../../app/editable-resource';
import { SelectField, TextField } from '../../components/ui/field';
import { InvitePanel } from './invite-panel';
import { NewKeyPanel, showKey } from './new-key';
import { UserActions } from './user-actions';
import { fullName, humanMessage, phoneText, roleName, USER_LABELS, userFormOf, userFormSchema, userInput } from './user-input';

const FIELDS: { key: Exclude<keyof UserFormInput, 'role'>; label: string; extra?: Record<string, string> }[] = [
  { key: 'first_name', label: USER_LABELS.first_name },
  { key: 'last_name', label: USER_LABELS.last_name },
  { key: 'email', label: USER_LABELS.email, extra: { type: 'email', autoComplete: 'off' } },
  { key: 'country_code', label: `${USER_LABELS.country_code} (for SMS alerts)`, extra: { inputMode: 'numeric', placeholder: '44' } },
  { key: 'phone_number', label: `${USER_LABELS.phone_number} (for SMS alerts)`, extra: { inputMode: 'numeric', placeholder: '7700900123' } },
];

/** Names, e-mail, the phone SMS needs (required by the API), and for a new user the role; errors in the form's words. */
function UserFields({ value, set, errors, creating }: FieldsProps<UserFormInput, undefined>) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {FIELDS.map((f) => (
        <TextField key={f.key} label={f.label} value={value[f.key]} onChange={(e) => set({ [f.key]: e.target.value })} error={humanMessage(errors[f.key])} {...f.extra} />
      ))}
      {creating && (
        <div>
          <SelectField label={USER_LABELS.role} value={value.role} onChange={(e) => set({ role: e.target.value })}>
            <option value={String(ROLE_REGULAR)}>Regular (reads everything, changes only their own profile)</option>
            <option value={String(ROLE_MANAGER)}>Manager (also changes configuration)</option>
          </SelectField>
          {errors.role && <p className="mt-1 text-xs text-red-700 dark:text-red-400">{humanMessage(errors.role)}</p>}
        </div>
      )}
    </div>
  );
}

function UsersHeader() {
  return (
    <>
      <InvitePanel />
      <NewKeyPanel />
    </>
  );
}

/**
 * User profiles: list, add (the new key shown once), edit, delete (never the account owner), keys and
 * roles. Without the Manager role only your own profile and key.
 */
export const userResource = editable<UserProfile, UserFormInput, Partial<UserFormInput>>({
  permission: 'users.write',
  labels: {
    title: 'Users',
    loading: 'users',
    empty: 'No users.',
    add: 'New user',
    addTitle: 'New user',
    editTitle: (u) => `Edit ${fullName(u)}`,
    save: (creating) => (creating ? 'Create user' : 'Save user'),
    edit: (u) => `Edit ${fullName(u)}`,
    delete: (u) => `Delete ${fullName(u)}`,
    confirm: (u) => ({ question: `Delete the user ${fullName(u)}?`, detail: 'Alerts stop notifying this person, and their key stops working.' }),
  },
  useList: useUsers,
  useSave: (id) => useSaveUser(id, showKey),
  useDelete: useDeleteUser,
  canDelete: (u) => !u.is_account_owner,
  canEditOwn: (u, me) => u.id === me.id,
  // Teammates join by invitation (no phone needed); the spec's POST /users/ stays for scripts.
  noAdd: true,
  Header: UsersHeader,
  RowActions: UserActions,
  columns: [
    { header: 'Name', className: 'font-medium', cell: fullName, text: fullName },
    { header: 'E-mail', cell: (u) => u.email, text: (u) => u.email },
    { header: 'Phone', cell: phoneText },
    { header: 'Role', cell: roleName, text: roleName },
  ],
  toForm: userFormOf,
  toInput: userInput,
  schema: userFormSchema,
  Fields: UserFields,
});
