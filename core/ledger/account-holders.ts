import type { Repositories } from '../ports/repositories';

/** Whom an account holds money for: a registry's (its child's name and id) or a charity's (its name); the platform's own accounts hold it for nobody. */
export interface AccountHolder {
  /** The child's name, or the charity's; null when the registry or charity is gone. */
  name: string | null;
  /** The registry a registry's or family's account is for. */
  registryId: string | null;
  /** The charity a charity's account is for. */
  charityId: string | null;
}

const HELD_FOR = /^(registry|family|charity):([^:]+):/;

/** Whether an account holds money for a registry, a family or a charity (not the platform's own). */
export function holdsForOthers(account: string): boolean {
  return HELD_FOR.test(account);
}

/**
 * Names the holders of accounts, each registry and charity read once: what an accountant needs
 * beside `registry:0a62…:gifts` to know whose money it is.
 */
export function accountHolders(ports: Pick<Repositories, 'registries' | 'charities'>): (account: string) => Promise<AccountHolder | null> {
  const names = new Map<string, Promise<string | null>>();
  const nameOf = (kind: string, id: string) => {
    const key = `${kind}:${id}`;
    if (!names.has(key)) {
      names.set(
        key,
        kind === 'charity'
          ? ports.charities.findById(id).then((charity) => charity?.name ?? null)
          : ports.registries.findById(id).then((registry) => registry?.childName ?? null),
      );
    }
    return names.get(key)!;
  };
  return async (account) => {
    const match = HELD_FOR.exec(account);
    if (!match) return null;
    const [, kind, id] = match as unknown as [string, string, string];
    const name = await nameOf(kind === 'charity' ? 'charity' : 'registry', id);
    return kind === 'charity' ? { name, registryId: null, charityId: id } : { name, registryId: id, charityId: null };
  };
}
