import { SimplePage } from '../../../components/simple-page';

/** /thank-you-cards/:id (the registry's owner). */
export default function ThankYouCardsPage() {
  return (
    <SimplePage title="Personalized Thank You Cards">
      Write and send a personal thank-you card, with photos, to everyone who gave a gift.
    </SimplePage>
  );
}
