import Router from '@koa/router';
import type { CoOwnerService } from '@core/co-owner/co-owner-service';
import { countAttempt, networkOf, type AttemptLimits } from '../attempt-limiter';
import type { HttpState } from '../http-state';
import { presentInvitation, presentInvitationAccepted, presentInvitationPreview, presentRegistryPeople } from '../presenters/co-owners';
import { notSignedIn } from '../presenters/auth';
import { presentMessage } from '../presenters/registries';

/** Co-owners of a registry: the owner invites, cancels and removes; the invitee accepts; a co-owner may leave. */
export function coOwnerRoutes(ports: { coOwners: CoOwnerService; limits: AttemptLimits }) {
  const router = new Router<HttpState>();
  const { coOwners } = ports;

  router.get('/api/registries/:id/co-owners', async (ctx) => {
    ctx.body = presentRegistryPeople(await coOwners.listPeople(ctx.state.user, ctx.params.id ?? ''));
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
    const invitation = await coOwners.invite(user, ctx.params.id ?? '', ctx.request.body);
    ctx.status = 201;
    ctx.body = presentInvitation(invitation);
  });

  router.delete('/api/registries/:id/co-owners/invitations/:invitationId', async (ctx) => {
    ctx.body = presentMessage(await coOwners.cancelInvitation(ctx.state.user, ctx.params.id ?? '', ctx.params.invitationId ?? ''));
  });

  router.delete('/api/registries/:id/co-owners/:userId', async (ctx) => {
    ctx.body = presentMessage(await coOwners.remove(ctx.state.user, ctx.params.id ?? '', ctx.params.userId ?? ''));
  });

  router.post('/api/co-owner-invitations/preview', async (ctx) => {
    ctx.body = presentInvitationPreview(await coOwners.preview(ctx.request.body));
  });

  router.post('/api/co-owner-invitations/accept', async (ctx) => {
    ctx.body = presentInvitationAccepted(await coOwners.accept(ctx.state.user, ctx.request.body));
  });

  return router;
}
