import { SimplePage } from '../../../components/simple-page';

/** /faq (public). */
export default function FaqPage() {
  return (
    <SimplePage title="Frequently Asked Questions">
      Answers to common questions about registries, gifts, fees, charities, payouts and
      thank-you cards.
    </SimplePage>
  );
}
