import { P, PolicyPage, PolicySection, SupportEmail } from '@/features/legal/components/policy-page';
import { PRODUCT_NAME } from '@/lib/product';
import { CHECK_TIMING, PAYPAL_TIMING } from '@core/payout/payout-timing';

/** /terms: how the service works and what each side can expect, as the product works today. */
export default function TermsPage() {
  return (
    <PolicyPage
      title="Terms of Service"
      intro={`These terms describe how ${PRODUCT_NAME} works for the families who open registries and the guests who give. By using the service you agree to them.`}
    >
      <PolicySection title="The service">
        <P>
          A parent or guardian opens a gift registry for a child's Bar or Bat Mitzvah and shares its link. Guests give money online without
          an account. Every gift is split when it is made: 90% to the family and 10% to the Jewish charity chosen for it, rounded to the
          cent so the two add up to the gift.
        </P>
      </PolicySection>

      <PolicySection title="Fees">
        <P>
          Opening and running a registry is free. The giver pays, on top of the gift, a flat platform fee of 3 in the registry's currency
          and the card-processing fee, both shown before paying. Nothing is taken from the family's or the charity's share.
        </P>
      </PolicySection>

      <PolicySection title="Families' accounts">
        <ul>
          <li>You must be an adult, and the child's parent or guardian or acting with their permission.</li>
          <li>Keep your password to yourself. If you lose it, use "Forgot password?" on the sign-in page.</li>
          <li>What a registry shows (the child's name, photo and message) is yours to choose and must be yours to share.</li>
          <li>A registry's currency can change, and a registry can be deleted, only while it has no gifts.</li>
        </ul>
      </PolicySection>

      <PolicySection title="Closing and payouts">
        <P>
          When you close a registry, no more gifts can be made, and the family's 90% is paid by the method you chose: a bank transfer to the
          account you verified with our payment provider, PayPal (sent {PAYPAL_TIMING}), or a check ({CHECK_TIMING}). Each charity's 10% is
          paid to the charity by {PRODUCT_NAME}. A payment that succeeds after a registry has closed is refunded to the giver.
        </P>
      </PolicySection>

      <PolicySection title="Gifts and receipts">
        <P>
          A gift is paid by card through our payment provider. The giver receives a receipt by e-mail. Per our FAQ, contributions over $200
          get a receipt for the charity's 10% of the amount, the part that goes to the charity, which we collect as the charity's agent; a
          charity whose details we do not have yet sends its own receipt. Only that 10% is a donation: the family's 90% and the fees are
          not. While a registry is open, the family (or {PRODUCT_NAME} at a giver's request) can refund a gift: the giver gets back
          everything they paid, fees included, and is told by e-mail. Once a registry has closed, its gifts are paid out and can no longer
          be refunded.
        </P>
        <P>
          A giver's bank may dispute a payment (a chargeback). While the registry is open, a disputed gift counts in neither the family's
          90% nor the charity's 10%, and the registry can close once the bank has decided; a gift the bank lets stand counts again.{' '}
          {PRODUCT_NAME} answers the bank and tells the family by e-mail when a gift is disputed and how it ended. If the bank returns a
          gift to its giver after the family was paid by bank transfer, {PRODUCT_NAME} may take the family's 90% of that gift back from the
          transfer, and tells them by e-mail.
        </P>
      </PolicySection>

      <PolicySection title="What is not allowed">
        <ul>
          <li>Registries for anything other than a Bar or Bat Mitzvah celebration, or for someone else's child without permission.</li>
          <li>Using stolen cards, testing cards, or trying to get around the limits that protect accounts and payments.</li>
          <li>Content that is unlawful, hateful, or that puts a child at risk.</li>
        </ul>
        <P>
          To report a registry that breaks these terms, write to <SupportEmail />.
        </P>
      </PolicySection>

      <PolicySection title="Questions">
        <P>
          Write to <SupportEmail />. See also our Privacy Policy and Security pages.
        </P>
      </PolicySection>
    </PolicyPage>
  );
}
