import { describe, expect, it } from 'vitest';
import { disputeWorld } from '../support/dispute-world';

describe('the administrators’ disputes, built once', () => {
  it('take the acting administrator on each call: a second one’s evidence is refused and changes nothing, and the page shows the first one’s', async () => {
    const { repositories, gateway, disputes, owner, anAdmin, aDisputedGift } = await disputeWorld();
    const [ops, dana] = [await anAdmin('ops'), await anAdmin('dana')];
    const dispute = await aDisputedGift();
    // To anyone but an administrator the disputes do not exist, and nothing is sent.
    for (const caller of [null, owner]) {
      await expect(disputes.list(caller)).rejects.toMatchObject({ code: 'admin.required' });
      await expect(disputes.submitEvidence(caller, dispute.id, { evidence: 'mine' })).rejects.toMatchObject({ code: 'admin.required' });
      await expect(disputes.reverseTransfer(caller, dispute.id)).rejects.toMatchObject({ code: 'admin.required' });
    }
    expect(gateway.evidence.size).toBe(0);
    const [waiting] = await disputes.list(ops);
    expect(waiting).toMatchObject({ dispute: { id: dispute.id, status: 'needs_response' }, gift: { id: dispute.giftId } });

    const sent = await disputes.submitEvidence(ops, dispute.id, { evidence: 'The giver wrote a message with the gift.' });
    expect(sent).toMatchObject({ id: dispute.id, status: 'under_review' });
    await expect(disputes.submitEvidence(dana, dispute.id, { evidence: 'more' })).rejects.toMatchObject({ code: 'dispute.not_open' });
    expect(gateway.evidence.get(dispute.providerDisputeId)).toBe('The giver wrote a message with the gift.');
    const trail = (await repositories.audit.list(10)).filter((event) => event.subjectType === 'dispute');
    expect(trail.map((event) => [event.action, event.actorLabel])).toEqual([['dispute.evidence_submitted', 'admin:ops']]);

    const [shown] = await disputes.list(ops);
    expect(shown).toEqual(await disputes.listing(ops, sent));
    expect(shown?.dispute).toMatchObject({ status: 'under_review', evidenceText: 'The giver wrote a message with the gift.' });
  });

  it('record the provider’s report of a dispute with no acting user, once however often it comes', async () => {
    const { repositories, gateway, gifts, disputes, anAdmin, give } = await disputeWorld();
    const ops = await anAdmin('ops');
    const { gift, paymentIntentId } = await give(10_000);
    await gifts.reconcile(paymentIntentId);
    const report = gateway.openDispute(paymentIntentId);

    expect(await disputes.record(report)).toMatchObject({ kind: 'opened' });
    expect(await disputes.record(report)).toMatchObject({ kind: 'unchanged' });
    const listed = await disputes.list(ops);
    expect(listed.map((each) => [each.gift.id, each.dispute.status])).toEqual([[gift.id, 'needs_response']]);
    expect((await repositories.gifts.findById(gift.id))?.paymentStatus).toBe('disputed');
  });
});
