import { SimplePage } from '../../../components/simple-page';

/** /admin/charity-payouts (admins). */
export default function CharityPayoutsPage() {
  return (
    <SimplePage title="Charity Payouts">
      Track the 10% share of gifts waiting to be paid to each charity, and record completed payouts.
    </SimplePage>
  );
}
