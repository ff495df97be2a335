import { userCreate, userUpdate, type UserProfile } from '../../../shared/users';
import { useDeleteUser, useSaveUser, useUsers, type UserFormInput } from '../../api/users';
import { editable, type FieldsProps } from '../../app/editable-resource';
import { TextField } from '../../components/ui/field';
import { fullName, phoneText, userFormOf, userInput } from './user-input';

const FIELDS: { key: keyof UserFormInput; label: string; extra?: Record<string, string> }[] = [
  { key: 'first_name', label: 'First name' },
  { key: 'last_name', label: 'Last name' },
  { key: 'email', label: 'E-mail address', extra: { type: 'email', autoComplete: 'off' } },
  { key: 'country_code', label: 'Country code', extra: { inputMode: 'numeric', placeholder: '44' } },
  { key: 'phone_number', label: 'Phone number', extra: { inputMode: 'numeric', placeholder: '7700900123' } },
];

/** Names, e-mail, and the country code and phone number that SMS needs. */
function UserFields({ value, set, errors }: FieldsProps<UserFormInput, undefined>) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {FIELDS.map((f) => (
        <TextField key={f.key} label={f.label} value={value[f.key]} onChange={(e) => set({ [f.key]: e.target.value })} error={errors[f.key]} {...f.extra} />
      ))}
    </div>
  );
}

const role = (u: UserProfile) => (u.is_account_owner ? 'Account owner' : u.role_text || '–');

/** User profiles: list, add, edit, delete (never the account owner: it has no delete button, and a 403 is shown). */
export const userResource = editable<UserProfile, UserFormInput, Partial<UserFormInput>>({
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
    confirm: (u) => ({ question: `Delete the user ${fullName(u)}?`, detail: 'Alerts stop notifying this person.' }),
  },
  useList: useUsers,
  useSave: useSaveUser,
  useDelete: useDeleteUser,
  canDelete: (u) => !u.is_account_owner,
  columns: [
    { header: 'Name', className: 'font-medium', cell: fullName, text: fullName },
    { header: 'E-mail', cell: (u) => u.email, text: (u) => u.email },
    { header: 'Phone', cell: phoneText },
    { header: 'Role', cell: role, text: role },
  ],
  toForm: userFormOf,
  toInput: userInput,
  schema: (creating) => (creating ? userCreate : userUpdate),
  Fields: UserFields,
});
