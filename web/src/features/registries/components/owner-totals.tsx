import PanToolOutlinedIcon from '@mui/icons-material/PanToolOutlined';
import PaidIcon from '@mui/icons-material/Paid';
import ReplayIcon from '@mui/icons-material/Replay';
import GavelIcon from '@mui/icons-material/Gavel';
import SavingsOutlinedIcon from '@mui/icons-material/SavingsOutlined';
import { formatMoney, type Currency } from '@core/money';
import { fromWireAmount } from '@api/amount';
import type { OwnerTotalsView } from '@api/gifts';
import { StatCard, StatGrid } from '@/components/stat-card';
import { TOTAL_RECEIVED, TOTAL_RECEIVED_NOTE } from '@/lib/total-received';

const gifts = (count: number) => `${count} ${count === 1 ? 'gift' : 'gifts'}`;

/** Gifts given back before the currency changed are told apart, each sum in the currency it was paid in. */
function refundedNote(totals: OwnerTotalsView): string {
  const note = `${gifts(totals.refundedCount)} given back, counted in none of the above`;
  if (totals.refundedBefore.length === 0) return note;
  const earlier = totals.refundedBefore.map(
    (before) => `${gifts(before.count)} of ${formatMoney(fromWireAmount(before.amount), before.currency)} in ${before.currency}`,
  );
  return `${note}; before the currency changed, ${earlier.join(' and ')} given back too`;
}

/**
 * What the family received, each figure labelled with what it counts, so no label means two
 * numbers: Total Received is the registry's own total (given online, as on the dashboard and the
 * registry page), then given by hand, both together, and what was refunded (in none of the others).
 * Refunded at our cost shows only once the platform gave a gift back after a payout was claimed:
 * the family keeps its part, so it still counts in Total Received.
 * Disputed shows only once a giver's bank disputed a gift, which then counts in none of the others.
 */
export function OwnerTotals({ totals, currency }: { totals: OwnerTotalsView; currency: Currency }) {
  const money = (amount: number) => formatMoney(fromWireAmount(amount), currency);
  return (
    <StatGrid label="Totals received" pairs>
      <StatCard
        label={TOTAL_RECEIVED}
        value={money(totals.online)}
        icon={<PaidIcon />}
        note={`${gifts(totals.onlineCount)} ${TOTAL_RECEIVED_NOTE}`}
      />
      <StatCard
        label="Given by hand"
        value={money(totals.byHand)}
        icon={<PanToolOutlinedIcon />}
        note={`${gifts(totals.byHandCount)}, all to your family`}
      />
      <StatCard
        label="Online and by hand"
        value={money(totals.total)}
        icon={<SavingsOutlinedIcon />}
        note={`${gifts(totals.onlineCount + totals.byHandCount)} in all`}
      />
      <StatCard label="Refunded" value={money(totals.refunded)} icon={<ReplayIcon />} note={refundedNote(totals)} />
      {totals.refundedAtPlatformCostCount > 0 && (
        <StatCard
          label="Refunded at our cost"
          value={money(totals.refundedAtPlatformCost)}
          icon={<ReplayIcon />}
          note={`${gifts(totals.refundedAtPlatformCostCount)} given back to the giver by us, after your payout was claimed; still counted in ${TOTAL_RECEIVED} and your payout`}
        />
      )}
      {totals.disputedCount > 0 && (
        <StatCard
          label="Disputed"
          value={money(totals.disputed)}
          icon={<GavelIcon />}
          note={`${gifts(totals.disputedCount)} disputed by the giver’s bank, counted in none of the above`}
        />
      )}
    </StatGrid>
  );
}
