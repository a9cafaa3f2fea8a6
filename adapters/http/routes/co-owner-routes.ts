import Router from '@koa/router';
import { acceptCoOwnerInvitation, previewCoOwnerInvitation } from '@core/co-owner/accept-co-owner-invitation';
import { cancelCoOwnerInvitation, listRegistryPeople, removeCoOwner } from '@core/co-owner/co-owners';
import { inviteCoOwner } from '@core/co-owner/invite-co-owner';
import type { Clock } from '@core/ports/clock';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import type { SecretTokens } from '@core/ports/secret-tokens';
import { countAttempt, networkOf, type AttemptLimits } from '../attempt-limiter';
import type { HttpState } from '../http-state';
import { presentInvitation, presentInvitationAccepted, presentInvitationPreview, presentRegistryPeople } from '../presenters/co-owners';
import { notSignedIn } from '../presenters/auth';
import { presentMessage } from '../presenters/registries';

/** Co-owners of a registry: the owner invites, cancels and removes; the invitee accepts; a co-owner may leave. */
export function coOwnerRoutes(ports: {
  repositories: Repositories & UnitOfWork;
  tokens: SecretTokens;
  clock: Clock;
  limits: AttemptLimits;
  appUrl: string;
}) {
  const router = new Router<HttpState>();
  const { repositories } = ports;
  const useCasePorts = { ...repositories, tokens: ports.tokens, clock: ports.clock, appUrl: ports.appUrl, unitOfWork: repositories };

  router.get('/api/registries/:id/co-owners', async (ctx) => {
    ctx.body = presentRegistryPeople(await listRegistryPeople(ctx.params.id ?? '', { ...useCasePorts, user: ctx.state.user }));
  });

  router.post('/api/registries/:id/co-owners/invitations', async (ctx) => {
    const user = ctx.state.user;
    if (!user) throw notSignedIn();
    // Each invitation sends an e-mail to an address the caller chose: nobody's inbox is flooded from here.
    await countAttempt(
      [
        [ports.limits.coOwnerInvitationsPerAccount, user.id],
        [ports.limits.coOwnerInvitationsPerNetwork, networkOf(ctx.ip)],
      ],
      'invitations',
    );
    const invitation = await inviteCoOwner(ctx.params.id ?? '', ctx.request.body, { ...useCasePorts, user });
    ctx.status = 201;
    ctx.body = presentInvitation(invitation);
  });

  router.delete('/api/registries/:id/co-owners/invitations/:invitationId', async (ctx) => {
    ctx.body = presentMessage(
      await cancelCoOwnerInvitation(ctx.params.id ?? '', ctx.params.invitationId ?? '', { ...useCasePorts, user: ctx.state.user }),
    );
  });

  router.delete('/api/registries/:id/co-owners/:userId', async (ctx) => {
    ctx.body = presentMessage(await removeCoOwner(ctx.params.id ?? '', ctx.params.userId ?? '', { ...useCasePorts, user: ctx.state.user }));
  });

  router.post('/api/co-owner-invitations/preview', async (ctx) => {
    ctx.body = presentInvitationPreview(await previewCoOwnerInvitation(ctx.request.body, useCasePorts));
  });

  router.post('/api/co-owner-invitations/accept', async (ctx) => {
    ctx.body = presentInvitationAccepted(await acceptCoOwnerInvitation(ctx.request.body, { ...useCasePorts, user: ctx.state.user }));
  });

  return router;
}
