import type { Orm } from './orm';

/** What an operator watches in the database: mail not yet sent and money not yet paid out. */
export interface OperationsReading {
  mailOutbox: { queued: number; sending: number; failed: number; oldestUnsentSeconds: number | null };
  payouts: { familyPending: number; familyFailed: number; charityPending: number };
}

// One statement, each count on an index (mail_outbox by status, registries by status, charity
// payouts by status); sent mail and paid registries are never walked.
const READING = `
select
  (select count(*) from mail_outbox where status = 'queued')::int as mail_queued,
  (select count(*) from mail_outbox where status = 'sending')::int as mail_sending,
  (select count(*) from mail_outbox where status = 'failed')::int as mail_failed,
  (select extract(epoch from now() - min(created_at)) from mail_outbox where status in ('queued', 'sending'))::float8 as oldest_unsent_seconds,
  (select count(*) from registries where status = 'closed' and payout_status in ('pending', 'sending'))::int as family_pending,
  (select count(*) from registries where status = 'closed' and payout_status in ('pending', 'sending') and transfer_failure_reason is not null)::int as family_failed,
  (select count(*) from charity_payouts where status in ('pending', 'sending'))::int as charity_pending`;

interface ReadingRow {
  mail_queued: number;
  mail_sending: number;
  mail_failed: number;
  oldest_unsent_seconds: number | null;
  family_pending: number;
  family_failed: number;
  charity_pending: number;
}

/**
 * The outbox's backlog and the age of its oldest unsent message, and the payouts still to make:
 * the families' (failed: a bank transfer refused, waiting for the family to try again) and the
 * charities'.
 */
export async function readOperations(orm: Orm): Promise<OperationsReading> {
  const [row] = await orm.em.fork().execute<ReadingRow[]>(READING);
  if (!row) throw new Error('The operations reading returned no row');
  return {
    mailOutbox: {
      queued: Number(row.mail_queued),
      sending: Number(row.mail_sending),
      failed: Number(row.mail_failed),
      oldestUnsentSeconds: row.oldest_unsent_seconds === null ? null : Math.max(0, Number(row.oldest_unsent_seconds)),
    },
    payouts: {
      familyPending: Number(row.family_pending),
      familyFailed: Number(row.family_failed),
      charityPending: Number(row.charity_pending),
    },
  };
}
