import type { SandboxAccount, SandboxAccountStore, SandboxOnboardingOutcome } from '@core/ports/sandbox-account-store';

/** For tests only; the same rules as the database store (the sandbox-account-store contract proves it). */
export class InMemorySandboxAccountStore implements SandboxAccountStore {
  readonly accounts = new Map<string, SandboxAccount>();

  async create(account: Pick<SandboxAccount, 'id' | 'country' | 'email'>): Promise<SandboxAccount> {
    if (!this.accounts.has(account.id)) {
      this.accounts.set(account.id, { ...account, verified: false, rejectsTransfers: false, linkNonce: null, createdAt: new Date() });
    }
    return { ...this.accounts.get(account.id)! };
  }

  async find(id: string): Promise<SandboxAccount | null> {
    const account = this.accounts.get(id);
    return account ? { ...account } : null;
  }

  async setLinkNonce(id: string, nonce: string): Promise<void> {
    const account = this.accounts.get(id);
    if (!account) throw new Error(`No sandbox account ${id}`);
    this.accounts.set(id, { ...account, linkNonce: nonce });
  }

  async completeOnboarding(id: string, nonce: string, outcome: SandboxOnboardingOutcome): Promise<boolean> {
    const account = this.accounts.get(id);
    if (!account || account.linkNonce === null || account.linkNonce !== nonce) return false;
    const recorded =
      outcome === 'verified'
        ? { verified: true, rejectsTransfers: false }
        : outcome === 'rejects_transfers'
          ? { verified: true, rejectsTransfers: true }
          : {};
    this.accounts.set(id, { ...account, ...recorded, linkNonce: null });
    return true;
  }
}
