import { describe, expect, it } from 'vitest';
import { parseSendGridPublicKey, sendGridEventVerifier } from '../../../adapters/mail/sendgrid-event-webhook';
import { FixedClock } from '../../../adapters/in-memory/fixed-clock';

// The sample SendGrid's own Event Webhook helpers test against: their key, payload, signature and timestamp.
const SENDGRID_PUBLIC_KEY =
  'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEEDr2LjtURuePQzplybdC+u4CwrqDqBaWjcMMsTbhdbcwHBcepxo7yAQGhHPTnlvFYPAZFceEu/1FwCM/QmGUhA==';
const SENDGRID_SIGNATURE = 'MEUCIQCtIHJeH93Y+qpYeWrySphQgpNGNr/U+UyUlBkU6n7RAwIgJTz2C+8a8xonZGi6BpSzoQsbVRamr2nlxFDWYNH2j/0=';
const SENDGRID_TIMESTAMP = '1588788367';
const SENDGRID_PAYLOAD = JSON.stringify({ category: 'example_payload', event: 'test_event', message_id: 'message_id' });

const at = (seconds: number) => new FixedClock(new Date(seconds * 1000));
const bytes = (text: string) => new TextEncoder().encode(text);

describe("SendGrid's signed Event Webhook", () => {
  it("accepts SendGrid's own sample, signed by SendGrid, as its helper libraries do", () => {
    const verifier = sendGridEventVerifier(parseSendGridPublicKey(SENDGRID_PUBLIC_KEY), at(Number(SENDGRID_TIMESTAMP) + 60));
    // The sample is one object, not the list real deliveries are: verified, then refused as no list.
    expect(() => verifier.verify(bytes(SENDGRID_PAYLOAD), { signature: SENDGRID_SIGNATURE, timestamp: SENDGRID_TIMESTAMP })).toThrow(
      expect.objectContaining({ code: 'validation.failed' }),
    );
  });

  it('refuses the sample with one byte changed, another timestamp, or once it is stale', () => {
    const verifier = sendGridEventVerifier(parseSendGridPublicKey(SENDGRID_PUBLIC_KEY), at(Number(SENDGRID_TIMESTAMP) + 60));
    const refused = expect.objectContaining({ code: 'mail.webhook_unverified' });
    expect(() =>
      verifier.verify(bytes(SENDGRID_PAYLOAD.replace('test_event', 'test_evenT')), {
        signature: SENDGRID_SIGNATURE,
        timestamp: SENDGRID_TIMESTAMP,
      }),
    ).toThrow(refused);
    expect(() =>
      verifier.verify(bytes(SENDGRID_PAYLOAD), { signature: SENDGRID_SIGNATURE, timestamp: String(Number(SENDGRID_TIMESTAMP) + 1) }),
    ).toThrow(refused);
    expect(() => verifier.verify(bytes(SENDGRID_PAYLOAD), { signature: 'not base64 at all', timestamp: SENDGRID_TIMESTAMP })).toThrow(
      refused,
    );
    expect(() => verifier.verify(bytes(SENDGRID_PAYLOAD), { signature: undefined, timestamp: SENDGRID_TIMESTAMP })).toThrow(refused);
    const later = sendGridEventVerifier(parseSendGridPublicKey(SENDGRID_PUBLIC_KEY), at(Number(SENDGRID_TIMESTAMP) + 25 * 3600));
    expect(() => later.verify(bytes(SENDGRID_PAYLOAD), { signature: SENDGRID_SIGNATURE, timestamp: SENDGRID_TIMESTAMP })).toThrow(
      expect.objectContaining({ message: 'SendGrid event refused: the signature is stale' }),
    );
  });

  it('refuses a key that is not an ECDSA P-256 public key, saying what SendGrid gives', () => {
    expect(() => parseSendGridPublicKey('bm90IGEga2V5')).toThrow(/SENDGRID_WEBHOOK_PUBLIC_KEY must be the verification key/);
  });
});
