import Router from '@koa/router';
import type { DisputeService } from '@core/dispute/dispute-service';
import { adminActor, requireAdmin } from '@core/access/admin-access';
import type { HttpState } from '../http-state';
import { presentDispute } from '../presenters/disputes';

/**
 * /api/admin/disputes*: the administrators' Disputes page, its evidence and its transfer
 * reversals. For administrators only; to everyone else these calls do not exist (404), as every
 * /api/admin call.
 */
export function adminDisputeRoutes(ports: { disputes: DisputeService }) {
  const router = new Router<HttpState>({ prefix: '/api/admin/disputes' });
  const { disputes } = ports;

  router.use(async (ctx, next) => {
    requireAdmin(ctx.state.user);
    await next();
  });

  router.get('/', async (ctx) => {
    const viewer = adminActor(requireAdmin(ctx.state.user));
    ctx.body = (await disputes.list(ctx.state.user)).map((each) => presentDispute(each, viewer));
  });

  router.post('/:id/evidence', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const dispute = await disputes.submitEvidence(ctx.state.user, ctx.params.id ?? '', ctx.request.body);
    ctx.state.log.info({ disputeId: dispute.id, actor: actor.label, status: dispute.status }, 'dispute evidence submitted');
    ctx.body = presentDispute(await disputes.listing(ctx.state.user, dispute), actor);
  });

  router.post('/:id/reverse-transfer', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const dispute = await disputes.reverseTransfer(ctx.state.user, ctx.params.id ?? '');
    ctx.state.log.warn(
      { disputeId: dispute.id, actor: actor.label, reversalId: dispute.transferReversalId },
      'family transfer reversed for a lost dispute',
    );
    ctx.body = presentDispute(await disputes.listing(ctx.state.user, dispute), actor);
  });

  router.post('/:id/follow-up-payout/send', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const dispute = await disputes.sendFollowUp(ctx.state.user, ctx.params.id ?? '');
    ctx.state.log.info(
      { disputeId: dispute.id, actor: actor.label, status: dispute.followUp?.status },
      'dispute follow-up transfer asked again',
    );
    ctx.body = presentDispute(await disputes.listing(ctx.state.user, dispute), actor);
  });

  router.post('/:id/follow-up-payout/claim', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const dispute = await disputes.claimFollowUp(ctx.state.user, ctx.params.id ?? '');
    ctx.state.log.info({ disputeId: dispute.id, actor: actor.label }, 'dispute follow-up payout claimed');
    ctx.body = presentDispute(await disputes.listing(ctx.state.user, dispute), actor);
  });

  router.post('/:id/follow-up-payout/release', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const dispute = await disputes.releaseFollowUp(ctx.state.user, ctx.params.id ?? '');
    ctx.state.log.info({ disputeId: dispute.id, actor: actor.label }, 'dispute follow-up payout released');
    ctx.body = presentDispute(await disputes.listing(ctx.state.user, dispute), actor);
  });

  router.post('/:id/follow-up-payout/complete', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const dispute = await disputes.completeFollowUp(ctx.state.user, ctx.params.id ?? '', ctx.request.body);
    ctx.state.log.info({ disputeId: dispute.id, actor: actor.label }, 'dispute follow-up payout marked sent');
    ctx.body = presentDispute(await disputes.listing(ctx.state.user, dispute), actor);
  });

  return router;
}
