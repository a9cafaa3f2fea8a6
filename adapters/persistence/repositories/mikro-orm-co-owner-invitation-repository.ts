import type { CoOwnerInvitation, NewCoOwnerInvitation } from '@core/model/co-owner-invitation';
import { isUuid } from '@core/ids';
import type { CoOwnerInvitationRepository } from '@core/ports/co-owner-invitation-repository';
import { CoOwnerInvitationEntity, type CoOwnerInvitationRow } from '../entities/co-owner-invitation-entity';
import type { EntityManagerSource } from './entity-manager-source';

interface InvitationRecord {
  id: string;
  registry_id: string;
  email: string;
  invited_by: string;
  expires_at: Date | string;
  accepted_at: Date | string | null;
  accepted_by: string | null;
  created_at: Date | string;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function fromRecord(record: InvitationRecord): CoOwnerInvitation {
  return {
    id: record.id,
    registryId: record.registry_id,
    email: record.email,
    invitedBy: record.invited_by,
    expiresAt: asDate(record.expires_at),
    acceptedAt: record.accepted_at === null ? null : asDate(record.accepted_at),
    acceptedBy: record.accepted_by,
    createdAt: asDate(record.created_at),
  };
}

function toInvitation(row: CoOwnerInvitationRow): CoOwnerInvitation {
  return {
    id: row.id,
    registryId: row.registryId,
    email: row.email,
    invitedBy: row.invitedBy,
    expiresAt: row.expiresAt,
    acceptedAt: row.acceptedAt ?? null,
    acceptedBy: row.acceptedBy ?? null,
    createdAt: row.createdAt,
  };
}

const pending = (now: Date) => ({ acceptedAt: null, expiresAt: { $gt: now } });

export class MikroOrmCoOwnerInvitationRepository implements CoOwnerInvitationRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async create(invitation: NewCoOwnerInvitation): Promise<CoOwnerInvitation> {
    const em = this.em();
    const row = em.create(CoOwnerInvitationEntity, {
      ...invitation,
      acceptedAt: null,
      acceptedBy: null,
      createdAt: new Date(),
    } as CoOwnerInvitationRow);
    await em.persist(row).flush();
    return toInvitation(row);
  }

  async listPending(registryId: string, now: Date): Promise<CoOwnerInvitation[]> {
    if (!isUuid(registryId)) return [];
    const rows = await this.em().find(
      CoOwnerInvitationEntity,
      { registryId, ...pending(now) },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return rows.map(toInvitation);
  }

  async findPendingByTokenHash(tokenHash: string, now: Date): Promise<CoOwnerInvitation | null> {
    const row = await this.em().findOne(CoOwnerInvitationEntity, { tokenHash, ...pending(now) });
    return row ? toInvitation(row) : null;
  }

  async accept(tokenHash: string, userId: string, now: Date): Promise<CoOwnerInvitation | null> {
    // One conditional statement: of two requests accepting the same link at once, one updates the row.
    const [record] = await this.em().execute<InvitationRecord[]>(
      `update "co_owner_invitations" set "accepted_at" = ?, "accepted_by" = ? where "token_hash" = ? and "accepted_at" is null and "expires_at" > ?
       returning "id", "registry_id", "email", "invited_by", "expires_at", "accepted_at", "accepted_by", "created_at"`,
      [now, userId, tokenHash, now],
    );
    return record ? fromRecord(record) : null;
  }

  async cancel(registryId: string, id: string, now: Date): Promise<boolean> {
    if (!isUuid(registryId) || !isUuid(id)) return false;
    return (await this.em().nativeDelete(CoOwnerInvitationEntity, { id, registryId, ...pending(now) })) === 1;
  }
}
