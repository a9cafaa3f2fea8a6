import { SimplePage } from '../../../components/simple-page';

/** /gift/:id (public). */
export default function GiftPage() {
  return (
    <SimplePage title="Give a Gift">
      Choose an amount and a charity to support: 90% of your gift goes to the child's family and
      10% to the charity.
    </SimplePage>
  );
}
