import { describe, expect, it } from 'vitest';
import { can, isManager, PERMISSIONS, type Permission } from './access';

const owner = { id: 1, role: 2, is_account_owner: true };
const manager = { id: 2, role: 2, is_account_owner: false };
const regular = { id: 3, role: 3, is_account_owner: false };
const ownerRow = { id: 1, is_account_owner: true };
const regularRow = { id: 3, is_account_owner: false };
const otherRow = { id: 4, is_account_owner: false };

describe('can', () => {
  it.each([
    [regular, 'alerts.write', undefined, false],
    [regular, 'alerts.backtest', undefined, true],
    [regular, 'incidents.respond', undefined, true],
    [regular, 'users.invite', undefined, false],
    [regular, 'audit.read', undefined, false],
    [regular, 'users.self', regularRow, true],
    [regular, 'users.self', otherRow, false],
    [manager, 'alerts.write', undefined, true],
    [manager, 'users.invite', undefined, true],
    [manager, 'users.self', otherRow, true],
    [manager, 'users.self', ownerRow, false],
    [owner, 'users.self', ownerRow, true],
    [owner, 'settings.write', undefined, true],
    [owner, 'retention.write', undefined, true],
    [manager, 'retention.write', undefined, false],
    [regular, 'retention.write', undefined, false],
    [null, 'incidents.respond', undefined, false],
  ] as const)('%j %s on %j: %s', (u, p, target, want) => expect(can(u, p as Permission, target)).toBe(want));

  it('lets a Regular user do exactly the permissions that need "any"', () => {
    const mayRegular = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(regular, p));
    expect(mayRegular).toEqual((Object.keys(PERMISSIONS) as Permission[]).filter((p) => PERMISSIONS[p] === 'any'));
  });

  it('counts the owner as a manager whatever the role field says', () => {
    expect(isManager({ role: 3, is_account_owner: true })).toBe(true);
    expect(isManager({ role: 3, is_account_owner: false })).toBe(false);
  });
});
