import { NEEDS_MANAGER, can, type Permission } from '../../shared/access';
import { useMe } from '../api/session';

/**
 * Whether the signed-in user may do `p` (for a `self` permission, on `target`), decided by the same
 * table as the service's access rules (shared/access.ts): a control is offered only when the service
 * would accept it. False while the session loads and when signed out.
 */
export function useCan(p: Permission, target?: { id: number; is_account_owner: boolean }): boolean {
  return can(useMe(), p, target);
}

/** Why a control is disabled for a role without the permission, as a title or tooltip says it. */
export const NO_PERMISSION = `Read-only: ${NEEDS_MANAGER}`;
