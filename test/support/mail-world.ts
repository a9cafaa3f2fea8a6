import { createMailService } from '@core/mail/mail-service';
import type { MailEvent, MailEventInbox, MailEventVerifier } from '@core/ports/mail-events';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { sealedUnsubscribeTokens } from '../../adapters/security/sealed-unsubscribe-tokens';

/**
 * The mail's own calls built as bootstrap builds them, over in-memory fakes: real sealed unsubscribe
 * tokens, an inbox that keeps each event once, and SendGrid's verifier only when a test brings one.
 */
export function mailWorld(options: { sendGridEvents?: MailEventVerifier } = {}) {
  const repositories = createInMemoryRepositories();
  const unsubscribeTokens = sealedUnsubscribeTokens('a session secret of at least thirty-two characters');
  const inbox = new Map<string, MailEvent>();
  const events: MailEventInbox = {
    record: async (received) => {
      const fresh = received.filter((event) => !inbox.has(event.id));
      for (const event of fresh) inbox.set(event.id, event);
      return fresh.length;
    },
  };
  const mail = createMailService({
    unitOfWork: repositories,
    unsubscribeTokens,
    clock: new FixedClock(),
    events,
    sendGridEvents: options.sendGridEvents ?? null,
  });
  return { repositories, unsubscribeTokens, inbox, mail };
}
