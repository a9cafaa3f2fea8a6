import { DomainError } from '@core/errors';
import type { NewRegistry, RegistryChanges, RegistryRepository } from '@core/ports/registry-repository';
import { isManualPayoutMethod, type Registry } from '@core/model/registry';
import type { Cents } from '@core/money';
import { registryNotFound } from '@core/access/registry-not-found';
import { childNameMatches } from '@core/registry/child-name-search';

const isListedOpen = (row: Registry) => row.status === 'open' && row.isActive && !row.unlisted;

export class InMemoryRegistryRepository implements RegistryRepository {
  rows = new Map<string, Registry>();

  /** Set by createInMemoryRepositories so that deleting a registry deletes its gifts, as the database does. */
  onDelete: (registryId: string) => void = () => undefined;

  async create(registry: NewRegistry): Promise<Registry> {
    if ([...this.rows.values()].some((row) => row.shortCode === registry.shortCode)) {
      throw new DomainError('registry.short_code_taken', 'That short code is taken');
    }
    const now = new Date();
    const row: Registry = {
      ...registry,
      id: crypto.randomUUID(),
      coOwnerIds: [],
      isActive: true,
      status: 'open',
      totalReceived: 0,
      payoutMethod: null,
      bankAccountHolder: null,
      bankAccountNumber: null,
      bankRoutingNumber: null,
      bankName: null,
      paypalEmail: null,
      mailingName: null,
      mailingAddress: null,
      mailingCity: null,
      mailingState: null,
      mailingZip: null,
      mailingCountry: 'US',
      closedAt: null,
      payoutAmount: null,
      charityPayoutAmount: null,
      stripePayoutId: null,
      payoutStatus: 'pending',
      payoutSentAt: null,
      transferFailureReason: null,
      transferFailureMessage: null,
      transferAttempts: 0,
      payoutIssueEmailedAt: null,
      payoutClaimedBy: null,
      payoutClaimedByUserId: null,
      payoutClaimedAt: null,
      payoutClaims: 0,
      payoutReference: null,
      createdAt: now,
      updatedAt: now,
    };
    this.rows.set(row.id, row);
    return { ...row };
  }

  async findById(id: string): Promise<Registry | null> {
    const row = this.rows.get(id);
    return row ? { ...row } : null;
  }

  findByIdForUpdate(id: string): Promise<Registry | null> {
    return this.findById(id);
  }

  async findByShortCode(shortCode: string): Promise<Registry | null> {
    const row = [...this.rows.values()].find((candidate) => candidate.shortCode === shortCode);
    return row ? { ...row } : null;
  }

  async listByOwner(userId: string): Promise<Registry[]> {
    return [...this.rows.values()]
      .filter((row) => row.userId === userId && row.isActive)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((row) => ({ ...row }));
  }

  async listByCoOwner(userId: string): Promise<Registry[]> {
    return [...this.rows.values()]
      .filter((row) => row.coOwnerIds.includes(userId) && row.isActive)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((row) => ({ ...row }));
  }

  async addCoOwner(id: string, userId: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.userId === userId || row.coOwnerIds.includes(userId)) return false;
    this.rows.set(id, { ...row, coOwnerIds: [...row.coOwnerIds, userId], updatedAt: new Date() });
    return true;
  }

  async removeCoOwner(id: string, userId: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row?.coOwnerIds.includes(userId)) return false;
    this.rows.set(id, { ...row, coOwnerIds: row.coOwnerIds.filter((coOwnerId) => coOwnerId !== userId), updatedAt: new Date() });
    return true;
  }

  async searchListedByChildName(words: readonly string[], limit: number): Promise<Registry[]> {
    return [...this.rows.values()]
      .filter((row) => isListedOpen(row) && childNameMatches(row.childName, words))
      .sort((a, b) =>
        a.childName < b.childName ? -1 : a.childName > b.childName ? 1 : a.celebrationDate.getTime() - b.celebrationDate.getTime(),
      )
      .slice(0, limit)
      .map((row) => ({ ...row }));
  }

  async listNewestListed(limit: number): Promise<Registry[]> {
    const newest = [...this.rows.values()]
      .filter(isListedOpen)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    const owners = new Set<string>();
    // Each owner's newest only, as the database's query keeps it.
    return newest
      .filter((row) => !owners.has(row.userId) && owners.add(row.userId) !== undefined)
      .slice(0, limit)
      .map((row) => ({ ...row }));
  }

  async update(id: string, changes: RegistryChanges): Promise<Registry> {
    const row = this.rows.get(id);
    if (!row) throw registryNotFound();
    const updated = { ...row, ...changes, updatedAt: new Date() };
    this.rows.set(id, updated);
    return { ...updated };
  }

  async addToTotalReceived(id: string, amount: Cents): Promise<void> {
    const row = this.rows.get(id);
    if (!row) throw registryNotFound();
    this.rows.set(id, { ...row, totalReceived: row.totalReceived + amount, updatedAt: new Date() });
  }

  async listManualPayouts(): Promise<Registry[]> {
    // As the database orders them: most recently closed first, never-closed ones last, then by id.
    const closedAt = (row: Registry) => row.closedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    return [...this.rows.values()]
      .filter((row) => isManualPayoutMethod(row.payoutMethod) && (row.status === 'closed' || row.status === 'payout_sent'))
      .sort((a, b) => closedAt(b) - closedAt(a) || (a.id < b.id ? -1 : 1))
      .map((row) => ({ ...row }));
  }

  async listHoldingMoney(): Promise<Registry[]> {
    return [...this.rows.values()].filter((row) => row.status !== 'open' || row.totalReceived !== 0).map((row) => ({ ...row }));
  }

  async listFailedBankPayouts(): Promise<Registry[]> {
    const closedAt = (row: Registry) => row.closedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    return [...this.rows.values()]
      .filter((row) => row.payoutMethod === 'bank' && row.status === 'closed' && row.payoutStatus !== 'completed')
      .sort((a, b) => closedAt(b) - closedAt(a) || (a.id < b.id ? -1 : 1))
      .map((row) => ({ ...row }));
  }

  async delete(id: string): Promise<void> {
    if (this.rows.delete(id)) this.onDelete(id);
  }
}
