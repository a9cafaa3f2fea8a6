import Router from '@koa/router';
import type { Clock } from '@core/ports/clock';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { requireSignedIn } from '@core/access/registry-access';
import { readInvitationSettings, saveInvitationSettings } from '@core/invitation/invitation-settings';
import { previewInvitation } from '@core/invitation/preview-invitation';
import { sendInvitations } from '@core/invitation/send-invitations';
import type { PersonalLink } from '@core/invitation/personal-link';
import type { AttemptLimits } from '../attempt-limiter';
import type { HttpState } from '../http-state';
import { invitationBudget } from '../invitation-budget';
import { presentInvitationPreview, presentInvitationSettings, presentInvitationsSent } from '../presenters/invitation-mail';

/** The family's invitations by e-mail (core/invitation/): settings, preview and sending. */
export function invitationMailRoutes(ports: {
  repositories: Repositories & UnitOfWork;
  clock: Clock;
  appUrl: string;
  limits: AttemptLimits;
  personalLink: PersonalLink;
}) {
  const router = new Router<HttpState>();
  const { repositories } = ports;

  router.get('/api/registries/:id/invitations/settings', async (ctx) => {
    ctx.body = presentInvitationSettings(await readInvitationSettings(ctx.params.id ?? '', { ...repositories, user: ctx.state.user }));
  });

  router.put('/api/registries/:id/invitations/settings', async (ctx) => {
    ctx.body = presentInvitationSettings(
      await saveInvitationSettings(ctx.params.id ?? '', ctx.request.body, {
        user: ctx.state.user,
        unitOfWork: repositories,
        clock: ports.clock,
      }),
    );
  });

  const preview = (draft: unknown) => (ctx: { params: Record<string, string | undefined>; state: HttpState }) =>
    previewInvitation(ctx.params.id ?? '', draft, { ...repositories, user: ctx.state.user, clock: ports.clock, appUrl: ports.appUrl });

  router.get('/api/registries/:id/invitations/preview', async (ctx) => {
    ctx.body = presentInvitationPreview(await preview(undefined)(ctx));
  });

  router.post('/api/registries/:id/invitations/preview', async (ctx) => {
    ctx.body = presentInvitationPreview(await preview(ctx.request.body)(ctx));
  });

  router.post('/api/registries/:id/invitations', async (ctx) => {
    const user = requireSignedIn(ctx.state.user);
    const sent = await sendInvitations(ctx.params.id ?? '', ctx.request.body, {
      user,
      unitOfWork: repositories,
      clock: ports.clock,
      appUrl: ports.appUrl,
      budget: invitationBudget(ports.limits, user.id),
      personalLink: ports.personalLink,
    });
    ctx.body = presentInvitationsSent(sent);
  });

  return router;
}
