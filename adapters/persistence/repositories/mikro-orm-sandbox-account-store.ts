import type { SandboxAccount, SandboxAccountStore, SandboxOnboardingOutcome } from '@core/ports/sandbox-account-store';
import { SandboxAccountEntity, type SandboxAccountRow } from '../entities/sandbox-account-entity';
import type { Orm } from '../orm';
import type { EntityManagerSource } from './entity-manager-source';

function toAccount(row: SandboxAccountRow): SandboxAccount {
  return {
    id: row.id,
    country: row.country,
    email: row.email,
    verified: row.verified,
    rejectsTransfers: row.rejectsTransfers,
    linkNonce: row.linkNonce ?? null,
    createdAt: row.createdAt,
  };
}

/** What each outcome records; an unfinished onboarding leaves the account as it was. */
const OUTCOMES: Record<SandboxOnboardingOutcome, Partial<SandboxAccountRow>> = {
  verified: { verified: true, rejectsTransfers: false },
  rejects_transfers: { verified: true, rejectsTransfers: true },
  unfinished: {},
};

class MikroOrmSandboxAccountStore implements SandboxAccountStore {
  constructor(private readonly em: EntityManagerSource) {}

  async create(account: Pick<SandboxAccount, 'id' | 'country' | 'email'>): Promise<SandboxAccount> {
    const em = this.em();
    // Insert unless present, then read: two creations of one id both answer the stored account.
    await em
      .createQueryBuilder(SandboxAccountEntity)
      .insert({ ...account, verified: false, rejectsTransfers: false, linkNonce: null, createdAt: new Date() })
      .onConflict('id')
      .ignore()
      .execute();
    const row = await em.findOneOrFail(SandboxAccountEntity, { id: account.id }, { refresh: true });
    return toAccount(row);
  }

  async find(id: string): Promise<SandboxAccount | null> {
    const row = await this.em().findOne(SandboxAccountEntity, { id }, { refresh: true });
    return row ? toAccount(row) : null;
  }

  async setLinkNonce(id: string, nonce: string): Promise<void> {
    const changed = await this.em().nativeUpdate(SandboxAccountEntity, { id }, { linkNonce: nonce });
    if (changed !== 1) throw new Error(`No sandbox account ${id}`);
  }

  async completeOnboarding(id: string, nonce: string, outcome: SandboxOnboardingOutcome): Promise<boolean> {
    // One conditional statement: of two submissions of the same link, exactly one uses it up.
    const changed = await this.em().nativeUpdate(SandboxAccountEntity, { id, linkNonce: nonce }, { ...OUTCOMES[outcome], linkNonce: null });
    return changed === 1;
  }
}

/** The store the sandbox gateway keeps its accounts in, outside any request's transaction. */
export function createSandboxAccountStore(orm: Orm): SandboxAccountStore {
  return new MikroOrmSandboxAccountStore(() => orm.em.fork());
}
