import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { DomainError } from '@core/errors';
import { isMailKind } from '@core/model/mail-kinds';
import type { MailProblem } from '@core/model/suppression';
import type { MailEvent, MailEventVerifier } from '@core/ports/mail-events';
import type { Clock } from '@core/ports/clock';

/**
 * How far a signed timestamp may be from now. SendGrid retries a delivery we did not answer with
 * 2xx for up to 24 hours; a replay inside the window is harmless, since each event is stored once by
 * its sg_event_id, and one outside it is refused.
 */
export const SIGNATURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;
const FUTURE_SKEW_MS = 5 * 60 * 1000;

/**
 * SendGrid's verification key as the dashboard gives it (base64 of the DER SubjectPublicKeyInfo),
 * checked to be an ECDSA P-256 public key. Throws with a message for the configuration otherwise.
 */
export function parseSendGridPublicKey(base64Der: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: Buffer.from(base64Der, 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new Error(
      'SENDGRID_WEBHOOK_PUBLIC_KEY must be the verification key SendGrid shows for the signed Event Webhook (base64, starting MFkw…)',
    );
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('SENDGRID_WEBHOOK_PUBLIC_KEY must be an ECDSA P-256 public key, as SendGrid gives it');
  }
  return key;
}

/** SendGrid's event names for what we act on; everything else (delivered, open, deferred, processed…) is left out. */
const PROBLEMS: Record<string, MailProblem> = {
  bounce: 'bounce',
  dropped: 'dropped',
  spamreport: 'spam-report',
  unsubscribe: 'unsubscribe',
  group_unsubscribe: 'unsubscribe',
};

function notSendGridJson(): DomainError {
  return new DomainError('validation.failed', 'The body is not a list of SendGrid events');
}

/** One SendGrid event as we keep it, or null for one we do not act on. */
function toMailEvent(item: unknown): MailEvent | null {
  if (item === null || typeof item !== 'object') throw notSendGridJson();
  const event = item as Record<string, unknown>;
  const problem = typeof event.event === 'string' ? PROBLEMS[event.event] : undefined;
  if (!problem) return null;
  // A "blocked" bounce is the receiving server turning our sending IP away for now, not the address
  // failing: it suppresses nothing (SendGrid retries and reports a real bounce if there is one).
  if (problem === 'bounce' && event.type === 'blocked') return null;
  const id = event.sg_event_id;
  const address = event.email;
  const timestamp = event.timestamp;
  if (
    typeof id !== 'string' ||
    id.length === 0 ||
    id.length > 100 ||
    typeof address !== 'string' ||
    !address.includes('@') ||
    address.length > 320 ||
    typeof timestamp !== 'number'
  ) {
    throw notSendGridJson();
  }
  const mailId = typeof event.mail_id === 'string' ? event.mail_id : null;
  return {
    id: `sendgrid:${id}`.slice(0, 100),
    problem,
    address,
    mailId,
    kind: isMailKind(event.mail_kind) ? event.mail_kind : null,
    occurredAt: new Date(timestamp * 1000),
  };
}

/**
 * Verifies SendGrid's signed Event Webhook: ECDSA P-256 with SHA-256 over the timestamp header
 * followed by the raw body, the signature base64 DER, with node:crypto (SendGrid's own helper
 * package rests on an old pure-JavaScript ECDSA). Then reads the JSON array of events.
 */
export function sendGridEventVerifier(publicKey: KeyObject, clock: Clock): MailEventVerifier {
  return {
    verify(rawBody, { signature, timestamp }) {
      const refused = (why: string) => new DomainError('mail.webhook_unverified', `SendGrid event refused: ${why}`);
      if (!signature || !timestamp) throw refused('the signature or its timestamp is missing');
      if (!/^\d{1,12}$/.test(timestamp)) throw refused('the timestamp is not a time');
      const signedAt = Number(timestamp) * 1000;
      const now = clock.now().getTime();
      if (signedAt < now - SIGNATURE_TOLERANCE_MS || signedAt > now + FUTURE_SKEW_MS) throw refused('the signature is stale');
      const signed = Buffer.concat([Buffer.from(timestamp, 'utf8'), Buffer.from(rawBody)]);
      let valid: boolean;
      try {
        valid = verify('sha256', signed, { key: publicKey, dsaEncoding: 'der' }, Buffer.from(signature, 'base64'));
      } catch {
        valid = false;
      }
      if (!valid) throw refused('the signature does not match');
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(rawBody).toString('utf8'));
      } catch {
        throw notSendGridJson();
      }
      if (!Array.isArray(parsed)) throw notSendGridJson();
      return parsed.map(toMailEvent).filter((event): event is MailEvent => event !== null);
    },
  };
}
