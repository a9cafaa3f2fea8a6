import Router from '@koa/router';
import { isDomainError } from '@core/errors';
import { pagePatterns, paths } from '@core/page-paths';
import type { InvitationService } from '@core/invitation/invitation-service';
import type { HttpState } from '../http-state';
import { presentInvitation } from '../presenters/invitations';
import { readRawBody } from '../raw-body';
import { rsvpFormAnswer, rsvpPageAfter, type RsvpFormOutcome } from '../rsvp-form';

/** Three short fields: anything longer is not the page's form. */
const RSVP_FORM_LIMIT = 1024;

/**
 * A guest's personal link (core/guest/guest-invitation.ts), without an account: the link is the
 * proof, so nothing here reads the session. The page's own form posts to the page's address
 * (/i/{token}) when the browser runs no script, and is sent back to it (303) with the outcome.
 */
export function invitationRoutes(ports: { invitations: InvitationService }) {
  const router = new Router<HttpState>();
  const { invitations } = ports;

  router.get('/api/invitations/:token', async (ctx) => {
    ctx.body = presentInvitation(await invitations.view(ctx.params.token ?? ''));
  });

  router.put('/api/invitations/:token/rsvp', async (ctx) => {
    ctx.body = presentInvitation(await invitations.answer(ctx.params.token ?? '', ctx.request.body));
  });

  router.post(pagePatterns.guestInvitation, async (ctx) => {
    const token = ctx.params.token ?? '';
    if (!ctx.is('application/x-www-form-urlencoded')) ctx.throw(415, 'Send the page’s form (application/x-www-form-urlencoded)');
    const form = new URLSearchParams((await readRawBody(ctx, RSVP_FORM_LIMIT)).toString('utf8'));
    let outcome: RsvpFormOutcome;
    try {
      await invitations.answer(token, rsvpFormAnswer(form));
      outcome = { saved: true };
    } catch (error) {
      if (!isDomainError(error)) throw error;
      outcome = { saved: false, code: error.code, fields: error.fields };
    }
    ctx.status = 303;
    ctx.redirect(`${paths.guestInvitation(token)}${rsvpPageAfter(outcome)}`);
  });

  return router;
}
