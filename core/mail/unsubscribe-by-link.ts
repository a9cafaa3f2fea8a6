import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/repositories';
import type { OptOut, UnsubscribeTokens } from '../ports/unsubscribe-tokens';

export function unsubscribeLinkInvalid(): DomainError {
  return new DomainError(
    'mail.unsubscribe_link_invalid',
    'This unsubscribe link does not work. Open the link from the e-mail again, or reply to the e-mail and we will take your address off.',
  );
}

/** What a token in a link may look like before it is opened: base64url of a sane length. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{40,400}$/;

/** The opt-out a link's token carries, without acting on it (the page a GET of the link shows). */
export function readUnsubscribeLink(token: string, tokens: UnsubscribeTokens): OptOut {
  const optOut = TOKEN_SHAPE.test(token) ? tokens.open(token) : null;
  if (!optOut) throw unsubscribeLinkInvalid();
  return optOut;
}

/**
 * One click on an unsubscribe link, or a mail provider's one-click POST (RFC 8058): the address
 * stops receiving that category at once, from the next message the worker picks up, queued ones
 * included. No sign-in: the sealed token is the proof. Clicking again changes nothing. Leaving the
 * newsletter also takes the address off its list.
 */
export async function unsubscribeByLink(
  token: string,
  ports: { tokens: UnsubscribeTokens; unitOfWork: UnitOfWork; clock: Clock },
): Promise<OptOut> {
  const optOut = readUnsubscribeLink(token, ports.tokens);
  await ports.unitOfWork.transaction(async ({ mailSuppressions, newsletter }) => {
    await mailSuppressions.add({ address: optOut.address, scope: optOut.category, reason: 'unsubscribe', createdAt: ports.clock.now() });
    if (optOut.category === 'newsletter') await newsletter.unsubscribeAddress(optOut.address);
  });
  return optOut;
}
