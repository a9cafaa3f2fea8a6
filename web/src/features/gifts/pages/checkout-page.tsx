import { SimplePage } from '../../../components/simple-page';

/** /checkout/:id (public). */
export default function CheckoutPage() {
  return (
    <SimplePage title="Complete Your Gift">
      Review your gift and pay securely by card to complete it.
    </SimplePage>
  );
}
