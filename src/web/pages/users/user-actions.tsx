import type { UserProfile } from '../../../shared/users';
import { ROLE_MANAGER, ROLE_REGULAR } from '../../../shared/users';
import { useMe } from '../../api/session';
import { useRevokeKey, useRotateKey, useSetRole } from '../../api/users';
import { ConfirmButton } from '../../components/forms/confirm-button';
import { fullName } from './user-input';
import { showKey } from './new-key';

/**
 * A user's key and role actions: a new key for yourself (or, as a manager, for another user), and for
 * managers revoking a key and switching Manager/Regular. The owner's role never changes; each refusal
 * of the service (403) shows its message beside the buttons.
 */
export function UserActions({ row, writer }: { row: UserProfile; writer: boolean }) {
  const me = useMe();
  const rotate = useRotateKey(showKey);
  const revoke = useRevokeKey();
  const setRole = useSetRole();
  const self = me?.id === row.id;
  const name = fullName(row);
  const error = rotate.error ?? revoke.error ?? setRole.error;
  const mayRotate = self || (writer && !row.is_account_owner);
  const next = row.role === ROLE_MANAGER ? ROLE_REGULAR : ROLE_MANAGER;
  return (
    <>
      {mayRotate && (
        <ConfirmButton
          label="New key"
          ariaLabel={`New API key for ${name}`}
          question={`Make a new API key for ${name}?`}
          detail="The current key stops working at once."
          variant="ghost"
          pending={rotate.isPending}
          onConfirm={() => rotate.mutate({ id: row.id, email: row.email })}
        />
      )}
      {writer && !row.is_account_owner && (
        <>
          <ConfirmButton
            label="Revoke key"
            ariaLabel={`Revoke the API key of ${name}`}
            question={`Revoke the API key of ${name}?`}
            detail="They can no longer sign in until a new key is made."
            pending={revoke.isPending}
            onConfirm={() => revoke.mutate(row.id)}
          />
          <ConfirmButton
            label={next === ROLE_MANAGER ? 'Make Manager' : 'Make Regular'}
            ariaLabel={`Make ${name} ${next === ROLE_MANAGER ? 'a Manager' : 'Regular'}`}
            question={next === ROLE_MANAGER ? `Let ${name} change configuration (Manager)?` : `Make ${name} read-only (Regular)?`}
            variant="ghost"
            pending={setRole.isPending}
            onConfirm={() => setRole.mutate({ id: row.id, role: next })}
          />
        </>
      )}
      {revoke.isSuccess && <span role="status" className="text-xs text-green-700 dark:text-green-400">Key revoked.</span>}
      {error && <span role="alert" className="text-xs text-red-700 dark:text-red-400">{error.message}</span>}
    </>
  );
}
