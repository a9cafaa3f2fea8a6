import Router from '@koa/router';
import { answerInvitation, viewInvitation } from '@core/guest/guest-invitation';
import { isDomainError } from '@core/errors';
import { pagePatterns, paths } from '@core/page-paths';
import type { Clock } from '@core/ports/clock';
import type { Repositories } from '@core/ports/repositories';
import type { SecretTokens } from '@core/ports/secret-tokens';
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
export function invitationRoutes(ports: {
  repositories: Pick<Repositories, 'guests' | 'registries' | 'invitationSettings'>;
  tokens: SecretTokens;
  clock: Clock;
}) {
  const router = new Router<HttpState>();
  const useCasePorts = {
    guests: ports.repositories.guests,
    registries: ports.repositories.registries,
    invitationSettings: ports.repositories.invitationSettings,
    tokens: ports.tokens,
    clock: ports.clock,
  };

  router.get('/api/invitations/:token', async (ctx) => {
    ctx.body = presentInvitation(await viewInvitation(ctx.params.token ?? '', useCasePorts));
  });

  router.put('/api/invitations/:token/rsvp', async (ctx) => {
    ctx.body = presentInvitation(await answerInvitation(ctx.params.token ?? '', ctx.request.body, useCasePorts));
  });

  router.post(pagePatterns.guestInvitation, async (ctx) => {
    const token = ctx.params.token ?? '';
    if (!ctx.is('application/x-www-form-urlencoded')) ctx.throw(415, 'Send the page’s form (application/x-www-form-urlencoded)');
    const form = new URLSearchParams((await readRawBody(ctx, RSVP_FORM_LIMIT)).toString('utf8'));
    let outcome: RsvpFormOutcome;
    try {
      await answerInvitation(token, rsvpFormAnswer(form), useCasePorts);
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
