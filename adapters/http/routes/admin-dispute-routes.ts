import Router from '@koa/router';
import { DomainError } from '@core/errors';
import { listDisputes, reversibleAmount, type DisputeListing } from '@core/dispute/list-disputes';
import { reverseDisputeTransfer } from '@core/dispute/reverse-dispute-transfer';
import { claimManualFollowUp, completeManualFollowUp, releaseManualFollowUp, sendFollowUpTransfer } from '@core/dispute/follow-up-payout';
import { DISPUTE_NOT_FOUND, submitDisputeEvidence } from '@core/dispute/submit-dispute-evidence';
import type { Dispute } from '@core/model/dispute';
import { adminActor, requireAdmin } from '@core/access/admin-access';
import type { Clock } from '@core/ports/clock';
import type { PaymentGateway } from '@core/ports/payment-gateway';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import type { HttpState } from '../http-state';
import { presentDispute } from '../presenters/disputes';

/**
 * /api/admin/disputes*: the administrators' Disputes page, its evidence and its transfer
 * reversals. For administrators only; to everyone else these calls do not exist (404), as every
 * /api/admin call.
 */
export function adminDisputeRoutes(ports: {
  repositories: Repositories & UnitOfWork;
  gateway: PaymentGateway;
  clock: Clock;
  appUrl: string;
  supportEmail: string;
}) {
  const router = new Router<HttpState>({ prefix: '/api/admin/disputes' });
  const { repositories } = ports;

  router.use(async (ctx, next) => {
    requireAdmin(ctx.state.user);
    await next();
  });

  /** The dispute with its gift and registry, as the page lists it. */
  async function listing(dispute: Dispute): Promise<DisputeListing> {
    const [gift, registry] = await Promise.all([
      repositories.gifts.findById(dispute.giftId),
      repositories.registries.findById(dispute.registryId),
    ]);
    if (!gift || !registry) throw new DomainError('dispute.not_found', DISPUTE_NOT_FOUND);
    return { dispute, gift, registry, reversibleAmount: reversibleAmount(dispute, gift, registry) };
  }

  router.get('/', async (ctx) => {
    const viewer = adminActor(requireAdmin(ctx.state.user));
    ctx.body = (await listDisputes(repositories)).map((each) => presentDispute(each, viewer));
  });

  router.post('/:id/evidence', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const dispute = await submitDisputeEvidence(ctx.params.id ?? '', ctx.request.body, actor, {
      unitOfWork: repositories,
      gateway: ports.gateway,
      clock: ports.clock,
      appUrl: ports.appUrl,
      supportEmail: ports.supportEmail,
    });
    ctx.state.log.info({ disputeId: dispute.id, actor: actor.label, status: dispute.status }, 'dispute evidence submitted');
    ctx.body = presentDispute(await listing(dispute), actor);
  });

  router.post('/:id/reverse-transfer', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const dispute = await reverseDisputeTransfer(ctx.params.id ?? '', actor, {
      unitOfWork: repositories,
      gateway: ports.gateway,
      clock: ports.clock,
      supportEmail: ports.supportEmail,
    });
    ctx.state.log.warn(
      { disputeId: dispute.id, actor: actor.label, reversalId: dispute.transferReversalId },
      'family transfer reversed for a lost dispute',
    );
    ctx.body = presentDispute(await listing(dispute), actor);
  });

  router.post('/:id/follow-up-payout/send', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const dispute = await sendFollowUpTransfer(
      ctx.params.id ?? '',
      { unitOfWork: repositories, gateway: ports.gateway, clock: ports.clock },
      actor,
    );
    ctx.state.log.info(
      { disputeId: dispute.id, actor: actor.label, status: dispute.followUp?.status },
      'dispute follow-up transfer asked again',
    );
    ctx.body = presentDispute(await listing(dispute), actor);
  });

  const claiming = { unitOfWork: repositories, clock: ports.clock };

  router.post('/:id/follow-up-payout/claim', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const dispute = await claimManualFollowUp(ctx.params.id ?? '', actor, claiming);
    ctx.state.log.info({ disputeId: dispute.id, actor: actor.label }, 'dispute follow-up payout claimed');
    ctx.body = presentDispute(await listing(dispute), actor);
  });

  router.post('/:id/follow-up-payout/release', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const dispute = await releaseManualFollowUp(ctx.params.id ?? '', actor, claiming);
    ctx.state.log.info({ disputeId: dispute.id, actor: actor.label }, 'dispute follow-up payout released');
    ctx.body = presentDispute(await listing(dispute), actor);
  });

  router.post('/:id/follow-up-payout/complete', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const dispute = await completeManualFollowUp(ctx.params.id ?? '', ctx.request.body, actor, claiming);
    ctx.state.log.info({ disputeId: dispute.id, actor: actor.label }, 'dispute follow-up payout marked sent');
    ctx.body = presentDispute(await listing(dispute), actor);
  });

  return router;
}
