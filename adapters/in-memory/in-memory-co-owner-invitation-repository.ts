import type { CoOwnerInvitation, NewCoOwnerInvitation } from '@core/model/co-owner-invitation';
import type { CoOwnerInvitationRepository } from '@core/ports/co-owner-invitation-repository';

type Row = CoOwnerInvitation & { tokenHash: string };

const isPending = (row: Row, now: Date) => row.acceptedAt === null && row.expiresAt > now;

export class InMemoryCoOwnerInvitationRepository implements CoOwnerInvitationRepository {
  rows = new Map<string, Row>();

  async create(invitation: NewCoOwnerInvitation): Promise<CoOwnerInvitation> {
    if ([...this.rows.values()].some((row) => row.tokenHash === invitation.tokenHash)) throw new Error('duplicate token digest');
    const row: Row = { id: crypto.randomUUID(), ...invitation, acceptedAt: null, acceptedBy: null, createdAt: new Date() };
    this.rows.set(row.id, row);
    return withoutHash(row);
  }

  async listPending(registryId: string, now: Date): Promise<CoOwnerInvitation[]> {
    return [...this.rows.values()]
      .filter((row) => row.registryId === registryId && isPending(row, now))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map(withoutHash);
  }

  async findPendingByTokenHash(tokenHash: string, now: Date): Promise<CoOwnerInvitation | null> {
    const row = [...this.rows.values()].find((candidate) => candidate.tokenHash === tokenHash);
    return row && isPending(row, now) ? withoutHash(row) : null;
  }

  async accept(tokenHash: string, userId: string, now: Date): Promise<CoOwnerInvitation | null> {
    const row = [...this.rows.values()].find((candidate) => candidate.tokenHash === tokenHash);
    if (!row || !isPending(row, now)) return null;
    const accepted = { ...row, acceptedAt: now, acceptedBy: userId };
    this.rows.set(row.id, accepted);
    return withoutHash(accepted);
  }

  async cancel(registryId: string, id: string, now: Date): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.registryId !== registryId || !isPending(row, now)) return false;
    return this.rows.delete(id);
  }

  /** The database deletes a registry's invitations with it. */
  deleteByRegistry(registryId: string): void {
    for (const row of [...this.rows.values()]) if (row.registryId === registryId) this.rows.delete(row.id);
  }
}

function withoutHash(row: Row): CoOwnerInvitation {
  const { tokenHash: _hash, ...invitation } = row;
  return { ...invitation };
}
