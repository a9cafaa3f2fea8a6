import PanToolOutlinedIcon from '@mui/icons-material/PanToolOutlined';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import SavingsOutlinedIcon from '@mui/icons-material/SavingsOutlined';
import { formatMoney, type Currency } from '@core/money';
import { fromWireAmount } from '@api/amount';
import type { OwnerTotalsView } from '@api/gifts';
import { StatCard, StatGrid } from '../../../components/stat-card';

const gifts = (count: number) => `${count} ${count === 1 ? 'gift' : 'gifts'}`;

/**
 * What the family received: online (before the 90/10 split, the charity's part included), given
 * by hand, and both together. Only the owner sees it: the public page shows online gifts alone.
 */
export function OwnerTotals({ totals, currency }: { totals: OwnerTotalsView; currency: Currency }) {
  const money = (amount: number) => formatMoney(fromWireAmount(amount), currency);
  return (
    <StatGrid label="Totals received">
      <StatCard label="Total received" value={money(totals.total)} icon={<SavingsOutlinedIcon />} note={gifts(totals.onlineCount + totals.byHandCount)} />
      <StatCard label="Online" value={money(totals.online)} icon={<CreditCardIcon />} note={`${gifts(totals.onlineCount)}, 10% to charity`} />
      <StatCard label="Given by hand" value={money(totals.byHand)} icon={<PanToolOutlinedIcon />} note={`${gifts(totals.byHandCount)}, all to your family`} />
    </StatGrid>
  );
}
