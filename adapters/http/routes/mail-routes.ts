import Router from '@koa/router';
import type { MailService } from '@core/mail/mail-service';
import { UNSUBSCRIBE_API_PREFIX } from '@core/mail/unsubscribe-link';
import { isDomainError } from '@core/errors';
import { paths } from '@core/page-paths';
import type { HttpState } from '../http-state';
import { presentMailEventsReceived, presentUnsubscribed } from '../presenters/mail';
import { readRawBody } from '../raw-body';

/** The one path SendGrid's Event Webhook posts to: its body is read raw, and it is no cross-site request. */
export const SENDGRID_WEBHOOK_PATH = '/api/webhooks/sendgrid';
/** The headers SendGrid's signed Event Webhook sets on each POST. */
export const SENDGRID_SIGNATURE_HEADER = 'X-Twilio-Email-Event-Webhook-Signature';
export const SENDGRID_TIMESTAMP_HEADER = 'X-Twilio-Email-Event-Webhook-Timestamp';
/** A batch of SendGrid events is at most a few hundred kilobytes. */
const SENDGRID_WEBHOOK_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * The mail's own calls, none of which needs a session:
 * - GET /api/unsubscribe/{token}, the List-Unsubscribe address opened in a browser (or by a mail
 *   scanner): changes nothing, and sends the browser to the page that asks;
 * - POST /api/unsubscribe/{token}: the one-click unsubscribe of RFC 8058, from a mailbox provider
 *   (body `List-Unsubscribe=One-Click`, no cookie, no Origin) or from that page; takes effect at once;
 * - POST /api/webhooks/sendgrid: SendGrid's signed Event Webhook, verified over the raw body and
 *   stored (each event once) for the mail worker to apply; answered at once.
 * The unsubscribe calls are exempt from the cross-site check and have no rate limit: every Gmail
 * user's one-click comes from Google's few addresses, and the sealed token is the proof.
 */
export function mailRoutes(ports: { mail: MailService }) {
  const router = new Router<HttpState>();
  const { mail } = ports;

  router.get(`${UNSUBSCRIBE_API_PREFIX}:token`, (ctx) => {
    const token = ctx.params.token ?? '';
    let target: string;
    try {
      target = `${paths.unsubscribe(mail.readUnsubscribeLink(token).category)}#token=${token}`;
    } catch (error) {
      if (!isDomainError(error)) throw error;
      target = paths.unsubscribe('link-invalid');
    }
    ctx.status = 303;
    ctx.redirect(target);
  });

  router.post(`${UNSUBSCRIBE_API_PREFIX}:token`, async (ctx) => {
    const optOut = await mail.unsubscribe(ctx.params.token ?? '');
    ctx.body = presentUnsubscribed(optOut.category);
  });

  router.post(SENDGRID_WEBHOOK_PATH, async (ctx) => {
    // Null when SENDGRID_WEBHOOK_PUBLIC_KEY is not set: the webhook answers 404.
    if (!mail.receivesSendGridEvents)
      throw Object.assign(new Error('SendGrid events are not received here: SENDGRID_WEBHOOK_PUBLIC_KEY is not set'), {
        status: 404,
        expose: true,
      });
    const rawBody = await readRawBody(ctx, SENDGRID_WEBHOOK_BODY_LIMIT);
    let events;
    try {
      events = mail.verifySendGridEvents(rawBody, {
        signature: ctx.get(SENDGRID_SIGNATURE_HEADER) || undefined,
        timestamp: ctx.get(SENDGRID_TIMESTAMP_HEADER) || undefined,
      });
    } catch (error) {
      ctx.state.log.warn({ source: 'sendgrid-webhook' }, 'webhook refused: signature missing, invalid or stale, or not SendGrid events');
      throw error;
    }
    const stored = await mail.recordEvents(events);
    ctx.state.log.info({ source: 'sendgrid-webhook', events: events.length, stored }, 'mail events received');
    ctx.body = presentMailEventsReceived(stored);
  });

  return router;
}
