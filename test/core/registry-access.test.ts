import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { User } from '@core/model/user';
import type { Registry } from '@core/model/registry';
import { isOwner, requireManager, requireOwner, roleOf } from '@core/access/registry-access';

const person = (id: string) => ({ id, isAdmin: false }) as User;
const registry = (userId: string, coOwnerIds: string[], isActive = true) => ({ userId, coOwnerIds, isActive }) as unknown as Registry;
const codeOf = (check: () => unknown) => {
  try {
    check();
    return null;
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('who may do what to a registry', () => {
  const family = registry('owner', ['parent-b', 'grandma']);

  it('knows the owner, each co-owner and everyone else', () => {
    expect(roleOf(family, person('owner'))).toBe('owner');
    expect(roleOf(family, person('parent-b'))).toBe('coOwner');
    expect(roleOf(family, person('stranger'))).toBeNull();
    expect(roleOf(family, null)).toBeNull();
    expect(isOwner(family, person('parent-b'))).toBe(false);
  });

  it('lets the owner and co-owners manage, and only the owner do the owner’s calls', () => {
    expect(requireManager(family, person('parent-b')).id).toBe('parent-b');
    expect(requireManager(family, person('owner')).id).toBe('owner');
    expect(codeOf(() => requireOwner(family, person('parent-b')))).toBe('registry.forbidden');
    expect(codeOf(() => requireManager(family, person('stranger')))).toBe('registry.forbidden');
    // An administrator is no one's family.
    expect(codeOf(() => requireManager(family, { ...person('admin'), isAdmin: true }))).toBe('registry.forbidden');
    expect(codeOf(() => requireManager(family, null))).toBe('auth.required');
    expect(codeOf(() => requireOwner(family, null))).toBe('auth.required');
  });

  it('lets nobody manage a deleted registry kept on record: it is not found', () => {
    const retired = registry('owner', ['parent-b'], false);
    expect(codeOf(() => requireOwner(retired, person('owner')))).toBe('registry.not_found');
    expect(codeOf(() => requireManager(retired, person('parent-b')))).toBe('registry.not_found');
  });

  it('never lets anyone pass the owner’s check whom the manager check refuses', () => {
    const ids = fc.constantFrom('owner', 'a', 'b', 'c');
    fc.assert(
      fc.property(ids, fc.uniqueArray(ids, { maxLength: 3 }), ids, (owner, coOwners, caller) => {
        const checked = registry(
          owner,
          coOwners.filter((id) => id !== owner),
        );
        const manages = codeOf(() => requireManager(checked, person(caller))) === null;
        const owns = codeOf(() => requireOwner(checked, person(caller))) === null;
        expect(owns).toBe(caller === owner);
        expect(manages).toBe(caller === owner || coOwners.includes(caller));
      }),
    );
  });
});
