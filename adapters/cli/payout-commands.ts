import { parseArgs } from 'node:util';
import { formatMoney } from '@core/money';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import {
  charityPayoutHistory,
  claimCharityPayout,
  completeCharityPayout,
  pendingDistributions,
  releaseCharityPayout,
} from '@core/payout/charity-payouts';
import {
  claimManualPayout,
  completeManualPayout,
  listManualPayouts,
  releaseManualPayout,
  type ManualPayout,
} from '@core/payout/manual-payouts';
import { claimantName } from '@core/model/payout-claim';
import type { Registry } from '@core/model/registry';
import type { CliContext } from './cli-context';
import { readAmountOption } from './amount-option';
import { requireId, UsageError } from './usage-error';

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '—');

/** "being sent by rachel since …" for a claimed payout, nothing for one that waits. */
function beingSent(claimedBy: string | null, claimedAt: Date | null): string {
  return claimedBy && claimedAt
    ? `  [being sent by ${claimantName(claimedBy)} since ${claimedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC]`
    : '';
}

function payee(registry: Registry): string {
  if (registry.payoutMethod === 'paypal') return `PayPal to ${registry.paypalEmail ?? '?'}`;
  const lines = [
    registry.mailingName,
    registry.mailingAddress,
    `${registry.mailingCity ?? ''}, ${registry.mailingState ?? ''} ${registry.mailingZip ?? ''}`,
    registry.mailingCountry,
  ];
  return `check to ${lines.join(', ')}`;
}

function manualLine({ registry, ownerEmail }: ManualPayout): string {
  const amount = formatMoney(registry.payoutAmount ?? 0, registry.currency);
  const sent = registry.payoutSentAt ? `sent ${day(registry.payoutSentAt)}` : `closed ${day(registry.closedAt)}`;
  const claim = registry.payoutStatus === 'sending' ? beingSent(registry.payoutClaimedBy, registry.payoutClaimedAt) : '';
  return `${registry.id}  ${amount.padStart(12)}  ${sent}  ${registry.childName}: ${payee(registry)} (owner ${ownerEmail ?? 'unknown'})${claim}`;
}

/**
 * Another's claim is released only when the operator says so, as the screen's dialog asks: they
 * may be sending the money right now. Without a terminal to ask at, --yes says it.
 */
async function confirmRelease(claimedBy: string, claimedAt: Date, io: CliContext): Promise<boolean> {
  const since = `${claimedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const question = `${claimantName(claimedBy)} has been sending this payout since ${since}. Release the claim only if you know the money was not sent: the payout then waits to be sent again, and the audit trail records that you released it.`;
  if (!io.confirm) throw new UsageError(`${question} Nothing was released: run it again with --yes to release the claim.`);
  return io.confirm(`${question}\nRelease ${claimantName(claimedBy)}'s claim? [y/N] `);
}

/** The payout commands; answers false when argv names none of them. */
export async function payoutCommand(
  group: string | undefined,
  action: string | undefined,
  rest: string[],
  repositories: Repositories & UnitOfWork,
  io: CliContext,
): Promise<boolean> {
  const ports = { unitOfWork: repositories, clock: io.clock };
  if (group === 'charity-payouts' && action === 'list') {
    if (rest.length > 0) throw new UsageError('charity-payouts list takes no arguments');
    const pending = await pendingDistributions(repositories);
    io.out(pending.length === 0 ? 'Pending: none.' : 'Pending:');
    for (const line of pending) {
      io.out(
        `  ${line.payoutId}  ${formatMoney(line.totalAmount, line.currency).padStart(12)}  ${String(line.giftCount).padStart(4)} gifts  ${line.charityName}${beingSent(line.claimedBy, line.claimedAt)}`,
      );
    }
    const completed = (await charityPayoutHistory(repositories)).filter((payout) => payout.status === 'completed');
    io.out(completed.length === 0 ? 'Completed: none.' : 'Completed:');
    for (const payout of completed) {
      const how = `${payout.paymentMethod ?? '?'} ${payout.referenceNumber ?? ''}`.trim();
      io.out(
        `  ${payout.id}  ${formatMoney(payout.amount, payout.currency).padStart(12)}  ${String(payout.giftCount).padStart(4)} gifts  ${payout.charityName}  paid ${day(payout.completedAt)} by ${how}`,
      );
    }
    return true;
  }
  // Claimed by the operator before they pay it, as on the admin screens.
  if ((group === 'charity-payouts' || group === 'manual-payouts') && (action === 'claim' || action === 'release')) {
    const what = group === 'charity-payouts' ? 'charity payout' : 'registry';
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: action === 'release' ? { yes: { type: 'boolean' } } : {},
    });
    if (positionals.length !== 1)
      throw new UsageError(`Name exactly one ${what} id: ${group} ${action} <id>${action === 'release' ? ' [--yes]' : ''}`);
    const id = requireId(positionals[0], what);
    if (action === 'release' && !values.yes) {
      const held =
        group === 'charity-payouts' ? await repositories.charityPayouts.findById(id) : await repositories.registries.findById(id);
      const claim =
        held && ('claimedBy' in held ? { by: held.claimedBy, at: held.claimedAt } : { by: held.payoutClaimedBy, at: held.payoutClaimedAt });
      if (claim?.by && claim.at && claim.by !== io.actor.label && !(await confirmRelease(claim.by, claim.at, io))) {
        io.out('Nothing released.');
        return true;
      }
    }
    if (group === 'charity-payouts') {
      const payout = await (action === 'claim' ? claimCharityPayout : releaseCharityPayout)(id, io.actor, ports);
      io.out(
        action === 'claim'
          ? `Claimed ${payout.charityName}'s payout of ${formatMoney(payout.amount, payout.currency)}: you are sending it.`
          : `Released ${payout.charityName}'s payout: it waits again.`,
      );
    } else {
      const { registry } = await (action === 'claim' ? claimManualPayout : releaseManualPayout)(id, io.actor, ports);
      const amount = formatMoney(registry.payoutAmount ?? 0, registry.currency);
      io.out(
        action === 'claim'
          ? `Claimed the payout of ${amount} for ${registry.childName}: you are sending it.`
          : `Released the payout of ${amount} for ${registry.childName}: it waits again.`,
      );
    }
    return true;
  }
  if (group === 'charity-payouts' && action === 'complete') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: { method: { type: 'string' }, reference: { type: 'string' }, notes: { type: 'string' }, amount: { type: 'string' } },
    });
    if (positionals.length !== 1)
      throw new UsageError('Name exactly one charity payout id: charity-payouts complete <id> --method M --reference R');
    const id = requireId(positionals[0], 'charity payout');
    const expectedAmount = values.amount === undefined ? null : readAmountOption('--amount', values.amount);
    const payout = await completeCharityPayout(
      id,
      { status: 'completed', paymentMethod: values.method, referenceNumber: values.reference, notes: values.notes ?? null, expectedAmount },
      io.actor,
      ports,
    );
    io.out(
      `Marked ${payout.charityName}'s payout of ${formatMoney(payout.amount, payout.currency)} completed (${payout.paymentMethod}, reference ${payout.referenceNumber}).`,
    );
    return true;
  }
  if (group === 'manual-payouts' && action === 'list') {
    if (rest.length > 0) throw new UsageError('manual-payouts list takes no arguments');
    const { pending, completed } = await listManualPayouts(repositories);
    io.out(pending.length === 0 ? 'Pending: none.' : 'Pending (amount to send to the family):');
    for (const payout of pending) io.out(`  ${manualLine(payout)}`);
    io.out(completed.length === 0 ? 'Completed: none.' : 'Completed:');
    for (const payout of completed) io.out(`  ${manualLine(payout)}`);
    return true;
  }
  if (group === 'manual-payouts' && action === 'complete') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: { reference: { type: 'string' } },
    });
    if (positionals.length !== 1) throw new UsageError('Name exactly one registry id: manual-payouts complete <registry-id> --reference R');
    // The payout is traced by it at PayPal or the bank, so the command line, like the screen, asks for it.
    if (!values.reference?.trim())
      throw new UsageError(
        'Give the PayPal transaction ID or the check number you sent: manual-payouts complete <registry-id> --reference R',
      );
    const { registry } = await completeManualPayout(
      requireId(positionals[0], 'registry'),
      { referenceNumber: values.reference },
      io.actor,
      { ...ports, supportEmail: io.supportEmail },
    );
    const sent =
      registry.payoutMethod === 'paypal'
        ? `PayPal payment of ${formatMoney(registry.payoutAmount ?? 0, registry.currency)} for ${registry.childName} sent (transaction ${registry.payoutReference})`
        : `check of ${formatMoney(registry.payoutAmount ?? 0, registry.currency)} for ${registry.childName} sent (check number ${registry.payoutReference})`;
    io.out(`Marked the ${sent}.`);
    return true;
  }
  if (group === 'audit' && action === 'list') {
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true, options: { limit: { type: 'string' } } });
    if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals.join(' ')}`);
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be a whole number from 1 to 1000');
    const events = await repositories.audit.list(limit);
    if (events.length === 0) io.out('No audit events yet.');
    for (const event of events) {
      io.out(`${event.createdAt.toISOString()}  ${event.actorLabel}  ${event.action}  ${event.subjectType} ${event.subjectId}`);
      io.out(`    before ${JSON.stringify(event.before)}`);
      io.out(`    after  ${JSON.stringify(event.after)}`);
    }
    return true;
  }
  return false;
}
