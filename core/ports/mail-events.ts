import type { MailKind } from '../model/mail-kinds';
import type { MailProblem } from '../model/suppression';

/** A provider's report of a problem with an address, as received: applied by the mail worker later. */
export interface MailEvent {
  /** The provider's own id for the event (SendGrid's sg_event_id): a report delivered twice is one. */
  id: string;
  problem: MailProblem;
  address: string;
  /** The queued message it is about, when the provider echoed our id back. */
  mailId: string | null;
  kind: MailKind | null;
  occurredAt: Date;
}

/** Where reports land: stored at once, each id once, and applied by the mail worker. */
export interface MailEventInbox {
  /** Answers how many of them were new. */
  record(events: readonly MailEvent[]): Promise<number>;
}

/**
 * A provider's signed delivery report checked and read: the events we act on (bounces, drops, spam
 * reports, unsubscribes), in the order sent; every other kind of event is left out. A body whose
 * signature is missing, wrong or stale fails with mail.webhook_unverified; a signed body that is not
 * the provider's JSON with validation.failed.
 */
export interface MailEventVerifier {
  verify(rawBody: Uint8Array, headers: { signature: string | undefined; timestamp: string | undefined }): MailEvent[];
}
