import { PERSONAL_AUDIT_KEYS, REDACTED_NAME, REMOVED_EMAIL } from '@core/model/redaction';
import type { PersonalDataRepository } from '@core/ports/personal-data-repository';
import { giftListSearchKeys } from '@core/model/gift-list';
import type { EntityManagerSource } from './entity-manager-source';

const PERSONAL_KEYS = `array[${PERSONAL_AUDIT_KEYS.map((key) => `'${key}'`).join(', ')}]::text[]`;

/**
 * Set-based statements, a registry at a time: a registry of thousands of gifts is redacted in a
 * handful of statements, inside the caller's transaction.
 */
export class MikroOrmPersonalDataRepository implements PersonalDataRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async redactRegistry(registryId: string, at: Date): Promise<string[]> {
    const em = this.em();
    const when = at.toISOString();
    const photos = await em.execute<{ url: string }[]>(
      `select "photo_url" as "url" from "registries" where "id" = ? and "photo_url" is not null
       union select unnest("image_urls") from "thank_you_notes" where "gift_id" in (select "id" from "gifts" where "registry_id" = ?)
         or "offline_gift_id" in (select "id" from "offline_gifts" where "registry_id" = ?)
       union select unnest("image_urls") from "thank_you_cards" where "registry_id" = ?`,
      [registryId, registryId, registryId, registryId],
    );
    await em.execute(
      `update "registries" set "child_name" = ?, "personal_message" = null, "photo_url" = null, "paypal_email" = null, "mailing_name" = null,
         "mailing_address" = null, "mailing_city" = null, "mailing_state" = null, "mailing_zip" = null, "is_active" = false, "unlisted" = true, "updated_at" = ?
       where "id" = ?`,
      [REDACTED_NAME, when, registryId],
    );
    // The list's search keys are the name, e-mail and message folded: they go with them.
    const redacted = giftListSearchKeys(REDACTED_NAME, REMOVED_EMAIL, null);
    await em.execute(
      `update "gifts" set "gift_giver_name" = ?, "gift_giver_email" = ?, "personal_message" = null, "giver_key" = ?, "email_key" = ?, "message_key" = null where "registry_id" = ?`,
      [REDACTED_NAME, REMOVED_EMAIL, redacted.giverKey, redacted.emailKey, registryId],
    );
    await em.execute(`delete from "thank_you_notes" where "gift_id" in (select "id" from "gifts" where "registry_id" = ?)`, [registryId]);
    // Their notes go with them (on delete cascade).
    await em.execute(`delete from "offline_gifts" where "registry_id" = ?`, [registryId]);
    await em.execute(`delete from "thank_you_cards" where "registry_id" = ?`, [registryId]);
    await em.execute(`delete from "co_owner_invitations" where "registry_id" = ?`, [registryId]);
    await em.execute(`delete from "guests" where "registry_id" = ?`, [registryId]);
    await em.execute(`update "disputes" set "evidence_text" = null where "registry_id" = ? and "evidence_text" is not null`, [registryId]);
    await em.execute(
      `update "audit_events" set "before" = "before" - ${PERSONAL_KEYS}, "after" = "after" - ${PERSONAL_KEYS}, "redacted_at" = coalesce("redacted_at", ?)
       where (("subject_type" = 'registry' and "subject_id" = ?)
           or ("subject_type" = 'gift' and "subject_id" in (select "id"::text from "gifts" where "registry_id" = ?))
           or ("subject_type" = 'dispute' and "subject_id" in (select "id"::text from "disputes" where "registry_id" = ?)))
         and (jsonb_exists_any(coalesce("before", '{}'::jsonb), ${PERSONAL_KEYS}) or jsonb_exists_any(coalesce("after", '{}'::jsonb), ${PERSONAL_KEYS}))`,
      [when, registryId, registryId, registryId],
    );
    return photos.map((row) => row.url);
  }

  async redactUser(userId: string, replacement: { username: string; email: string; passwordHash: string }, at: Date): Promise<void> {
    const em = this.em();
    const when = at.toISOString();
    await em.execute(
      `update "users" set "username" = ?, "email" = ?, "password" = ?, "first_name" = null, "last_name" = null, "profile_image_url" = null,
         "deletion_due_at" = null, "deleted_at" = ?, "updated_at" = ? where "id" = ?`,
      [replacement.username, replacement.email, replacement.passwordHash, when, when, userId],
    );
    await em.execute(
      `update "audit_events" set "actor_label" = split_part("actor_label", ':', 1) || ':deleted', "redacted_at" = coalesce("redacted_at", ?)
       where "actor_user_id" = ? and "actor_label" <> split_part("actor_label", ':', 1) || ':deleted'`,
      [when, userId],
    );
  }

  async lockGuestDataDue(paidOutBy: Date, limit: number): Promise<string[]> {
    const rows = await this.em().execute<{ id: string }[]>(
      `select "id" from "registries" where "payout_status" = 'completed' and "guest_data_purged_at" is null and coalesce("payout_sent_at", "closed_at") <= ?
       order by coalesce("payout_sent_at", "closed_at") limit ? for update skip locked`,
      [paidOutBy.toISOString(), limit],
    );
    return rows.map((row) => row.id);
  }

  async purgeGuestData(registryId: string, at: Date): Promise<{ gifts: number; giftsByHand: number }> {
    const em = this.em();
    const gifts = await em.execute<{ affectedRows: number }>(
      `update "gifts" set "gift_giver_email" = ?, "personal_message" = null, "email_key" = ?, "message_key" = null
       where "registry_id" = ? and ("gift_giver_email" <> ? or "personal_message" is not null)`,
      [REMOVED_EMAIL, giftListSearchKeys('', REMOVED_EMAIL, null).emailKey, registryId, REMOVED_EMAIL],
      'run',
    );
    const byHand = await em.execute<{ affectedRows: number }>(
      `update "offline_gifts" set "gift_giver_email" = null, "email_key" = null where "registry_id" = ? and "gift_giver_email" is not null`,
      [registryId],
      'run',
    );
    // The guest list is nothing but the guests' data: it goes whole.
    await em.execute(`delete from "guests" where "registry_id" = ?`, [registryId]);
    await em.execute(`update "registries" set "guest_data_purged_at" = ? where "id" = ?`, [at.toISOString(), registryId]);
    return { gifts: gifts.affectedRows, giftsByHand: byHand.affectedRows };
  }
}
