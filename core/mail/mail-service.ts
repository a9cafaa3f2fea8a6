import type { Clock } from '../ports/clock';
import type { MailEvent, MailEventInbox, MailEventVerifier } from '../ports/mail-events';
import type { UnitOfWork } from '../ports/repositories';
import type { UnsubscribeTokens } from '../ports/unsubscribe-tokens';
import { readUnsubscribeLink, unsubscribeByLink } from './unsubscribe-by-link';

export interface MailDependencies {
  unitOfWork: UnitOfWork;
  /** Seals and opens the one-click unsubscribe links' tokens. */
  unsubscribeTokens: UnsubscribeTokens;
  clock: Clock;
  /** Where mail providers' reports are stored for the mail worker. */
  events: MailEventInbox;
  /** SendGrid's Event Webhook verifier; null when its public key is not configured. */
  sendGridEvents: MailEventVerifier | null;
}

/**
 * The mail's own calls, built once (ADR 26). None needs an account: the sealed token of an
 * unsubscribe link is the proof, and a provider's report is proved by its signature.
 */
export function createMailService(dependencies: MailDependencies) {
  const { unitOfWork, unsubscribeTokens, clock, events, sendGridEvents } = dependencies;
  return {
    /** The opt-out a link carries, changing nothing; throws when the link does not work. */
    readUnsubscribeLink: (token: string) => readUnsubscribeLink(token, unsubscribeTokens),
    unsubscribe: (token: string) => unsubscribeByLink(token, { tokens: unsubscribeTokens, unitOfWork, clock }),
    /** Whether SendGrid's reports are received here at all. */
    receivesSendGridEvents: sendGridEvents !== null,
    /** Checks SendGrid's signature over the raw body and reads the events; throws when it fails. */
    verifySendGridEvents: (rawBody: Uint8Array, headers: { signature: string | undefined; timestamp: string | undefined }) => {
      if (!sendGridEvents) throw new Error('SendGrid events are not received here');
      return sendGridEvents.verify(rawBody, headers);
    },
    /** Stores the events for the mail worker, each once; answers how many were new. */
    recordEvents: (received: readonly MailEvent[]) => events.record(received),
  };
}

export type MailService = ReturnType<typeof createMailService>;
