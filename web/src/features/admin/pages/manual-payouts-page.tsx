import { SimplePage } from '../../../components/simple-page';

/** /admin/manual-payouts (admins). */
export default function ManualPayoutsPage() {
  return (
    <SimplePage title="Manual Payouts">
      Send families their funds by PayPal or mailed check after they close a registry, and mark
      each payout complete.
    </SimplePage>
  );
}
