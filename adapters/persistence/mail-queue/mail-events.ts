import type { SqlEntityManager } from '@mikro-orm/sql';
import { isMailKind, type MailKind } from '@core/model/mail-kinds';
import { isUndeliverable, scopeOf, suppressionKey, type MailProblem } from '@core/model/suppression';
import type { MailEvent, MailEventInbox } from '@core/ports/mail-events';
import { deleteInBatches } from '../batched-delete';
import type { Orm } from '../orm';

/** A problem applied: what the metrics count (bounces and complaints by the kind of message). */
export interface AppliedMailEvent {
  problem: MailProblem;
  kind: MailKind | null;
}

/** Events applied per transaction; a backlog goes over several, each committed on its own. */
const EVENTS_PER_BATCH = 100;

/**
 * The mail events' inbox on our own database: one insert per report, its provider id the key, so
 * the same report delivered twice (a provider's retry, two instances) is stored once. Nothing else
 * happens here: the webhook answers at once, and the mail worker applies the events.
 */
export function createMailEventInbox(orm: Orm): MailEventInbox {
  return {
    async record(events) {
      if (events.length === 0) return 0;
      const values = events.map(() => '(?, ?, ?, ?, ?, ?::timestamptz)').join(', ');
      const rows = await orm.em.fork().execute<{ id: string }[]>(
        `insert into "mail_events" ("id", "problem", "address", "mail_id", "kind", "occurred_at") values ${values}
         on conflict ("id") do nothing returning "id"`,
        events.flatMap((event: MailEvent) => [
          event.id,
          event.problem,
          suppressionKey(event.address),
          event.mailId,
          event.kind,
          event.occurredAt.toISOString(),
        ]),
      );
      return rows.length;
    },
  };
}

/**
 * The message could not be delivered (suppressed before sending, or bounced or dropped after): the
 * row records why and when, first problem kept, and the thank-you note it carried is marked not
 * delivered, unless the family has sent that note again since (a newer message carries it).
 */
export async function recordDeliveryProblem(em: SqlEntityManager, mailId: string, problem: MailProblem, at: Date): Promise<void> {
  const rows = await em.execute<{ thankYouNoteId: string | null }[]>(
    `update "mail_outbox" set "delivery_problem" = coalesce("delivery_problem", ?), "delivery_problem_at" = coalesce("delivery_problem_at", ?::timestamptz)
     where "id" = ? returning "thank_you_note_id" as "thankYouNoteId"`,
    [problem, at.toISOString(), mailId],
  );
  const noteId = rows[0]?.thankYouNoteId;
  if (!noteId) return;
  await em.execute(
    `update "thank_you_notes" as "n" set "not_delivered_at" = ?::timestamptz
     where "n"."id" = ? and not exists (
       select 1 from "mail_outbox" as "newer", "mail_outbox" as "this"
       where "this"."id" = ? and "newer"."thank_you_note_id" = "n"."id" and "newer"."created_at" > "this"."created_at"
     )`,
    [at.toISOString(), noteId, mailId],
    'run',
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Applies the events not yet applied, oldest first: each puts its address on the suppression list
 * (core/model/suppression.ts decides the scope), a bounce or drop marks its message (and the note it
 * carried) not delivered, and the event is marked processed, all in one transaction per batch.
 * Several workers may run it at once: each batch is claimed with FOR UPDATE SKIP LOCKED.
 */
export async function applyMailEvents(orm: Orm, now: () => Date): Promise<AppliedMailEvent[]> {
  const applied: AppliedMailEvent[] = [];
  for (;;) {
    const batch = await orm.em.fork().transactional(async (em) => {
      const events = await em.execute<
        { id: string; problem: MailProblem; address: string; mailId: string | null; kind: string | null; occurredAt: Date | string }[]
      >(
        `select "id", "problem", "address", "mail_id" as "mailId", coalesce("e"."kind", (select "kind" from "mail_outbox" where "id" = "e"."mail_id")) as "kind", "occurred_at" as "occurredAt"
         from "mail_events" as "e" where "processed_at" is null order by "received_at", "id" limit ? for update skip locked`,
        [EVENTS_PER_BATCH],
      );
      for (const event of events) {
        const kind = isMailKind(event.kind) ? event.kind : null;
        const at = new Date(event.occurredAt);
        await em.execute(
          `insert into "mail_suppressions" ("address", "scope", "reason", "created_at") values (?, ?, ?, ?::timestamptz)
           on conflict ("address", "scope") do update set "reason" = excluded."reason", "created_at" = excluded."created_at"`,
          [event.address, scopeOf(event.problem, kind), event.problem, at.toISOString()],
          'run',
        );
        if (isUndeliverable(event.problem) && event.mailId && UUID.test(event.mailId))
          await recordDeliveryProblem(em, event.mailId, event.problem, at);
        applied.push({ problem: event.problem, kind });
      }
      if (events.length > 0) {
        await em.execute(
          `update "mail_events" set "processed_at" = ?::timestamptz where "id" in (${events.map(() => '?').join(', ')})`,
          [now().toISOString(), ...events.map((event) => event.id)],
          'run',
        );
      }
      return events.length;
    });
    if (batch < EVENTS_PER_BATCH) return applied;
  }
}

/** Deletes the events applied before a moment: a report delivered again after that is applied again, which changes nothing. */
export function purgeAppliedMailEvents(orm: Orm, before: Date): Promise<number> {
  return deleteInBatches(orm, {
    table: 'mail_events',
    key: 'id',
    where: `"processed_at" < ?::timestamptz`,
    params: [before.toISOString()],
  });
}
