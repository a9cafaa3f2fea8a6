import Router from '@koa/router';
import { requireSignedIn } from '@core/access/registry-access';
import type { InvitationService } from '@core/invitation/invitation-service';
import type { AttemptLimits } from '../attempt-limiter';
import type { HttpState } from '../http-state';
import { invitationBudget } from '../invitation-budget';
import { presentInvitationPreview, presentInvitationSettings, presentInvitationsSent } from '../presenters/invitation-mail';

/** The family's invitations by e-mail (core/invitation/): settings, preview and sending. */
export function invitationMailRoutes(ports: { invitations: InvitationService; limits: AttemptLimits }) {
  const router = new Router<HttpState>();
  const { invitations, limits } = ports;

  router.get('/api/registries/:id/invitations/settings', async (ctx) => {
    ctx.body = presentInvitationSettings(await invitations.readSettings(ctx.state.user, ctx.params.id ?? ''));
  });

  router.put('/api/registries/:id/invitations/settings', async (ctx) => {
    ctx.body = presentInvitationSettings(await invitations.saveSettings(ctx.state.user, ctx.params.id ?? '', ctx.request.body));
  });

  router.get('/api/registries/:id/invitations/preview', async (ctx) => {
    ctx.body = presentInvitationPreview(await invitations.preview(ctx.state.user, ctx.params.id ?? '', undefined));
  });

  router.post('/api/registries/:id/invitations/preview', async (ctx) => {
    ctx.body = presentInvitationPreview(await invitations.preview(ctx.state.user, ctx.params.id ?? '', ctx.request.body));
  });

  router.post('/api/registries/:id/invitations', async (ctx) => {
    const user = requireSignedIn(ctx.state.user);
    const sent = await invitations.send(user, ctx.params.id ?? '', ctx.request.body, invitationBudget(limits, user.id));
    ctx.body = presentInvitationsSent(sent);
  });

  return router;
}
