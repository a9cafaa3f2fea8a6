import { P, PolicyPage, PolicySection, SupportEmail } from '../components/policy-page';
import { PRODUCT_NAME } from '../../../lib/product';

/** /privacy: what is stored, for how long, who sees what, and how to ask for deletion, as the product works today. */
export default function PrivacyPage() {
  return (
    <PolicyPage
      title="Privacy Policy"
      intro={`${PRODUCT_NAME} holds information about families, their children's celebrations and the guests who give. This page says what we keep, who can see it, how long we keep it and how to have it removed, as the product works today.`}
    >
      <PolicySection title="What we store">
        <P>For a family's account:</P>
        <ul>
          <li>your first and last name, username and e-mail address;</li>
          <li>your password, only as a one-way hash (argon2id): nobody, us included, can read it back;</li>
          <li>for bank payouts, the id and verification state of your account at our payment provider. Your bank details are entered on the provider's own pages; we never see or store an account number;</li>
          <li>for PayPal or check payouts, the PayPal e-mail address or the mailing name and address you give us.</li>
        </ul>
        <P>For each registry: the child's name, the celebration date, the personal message and photo you add, the charity you choose, the currency, and the totals received and paid out.</P>
        <P>
          For each gift: the giver's name and e-mail address, the amount and fees, the charity, the optional personal message, the payment's status and the payment provider's reference. Card numbers are typed into the payment provider's form and never reach our servers.
        </P>
        <P>For the newsletter: the e-mail address you enter in the footer and when you subscribed. Unsubscribing (the link is in the confirmation e-mail) removes the address from our list altogether.</P>
        <P>For thank-you cards: the message, the template and the photos you choose, and when each card was sent.</P>
        <P>
          Of each e-mail we send (receipts, notices, thank-you cards, account e-mails) our database keeps to whom it went, its subject and when, as a record of what was sent, for 30 days; its text is deleted once it is delivered. Our server logs record each request's path, status and timing; they never contain passwords, session ids, links' secret tokens or card data.
        </P>
      </PolicySection>

      <PolicySection title="Who sees what">
        <ul>
          <li>
            <strong>Anyone with a registry's link</strong> sees the child's name, the celebration date, the photo, the personal message, the charity and how many people have given. Never a giver's name, e-mail address or amount.
          </li>
          <li>
            <strong>Search</strong> finds open registries by the child's name. A family can make a registry unlisted, and then only people with its link can reach it. Search results never show money.
          </li>
          <li>
            <strong>The family</strong> (the account that made the registry, and the co-owners it invited, such as the other parent) sees each gift: the giver's name, e-mail address, amount and message, so they can send thank-you cards. Where the payout goes (PayPal or mailing details, the bank account) only the account that made the registry sees.
          </li>
          <li>
            <strong>Givers</strong> see their own receipt. A thank-you card goes only to the giver it is addressed to.
          </li>
          <li>
            <strong>Our administrators</strong> see what they need to pay charities and to send PayPal and check payouts: amounts, registries, and PayPal or mailing details. To refund a gift when a family or a giver asks, they can also look up a registry's gifts (each giver's name, e-mail and amount). Every payout they complete, and every refund with its reason, is written to an audit trail that cannot be changed.
          </li>
          <li>
            <strong>Service providers:</strong> the payment provider (Stripe) processes cards and bank payouts; the e-mail provider (SendGrid) delivers our e-mails; photos are stored with our storage provider. We do not sell or rent anyone's information, and we show no advertising.
          </li>
        </ul>
      </PolicySection>

      <PolicySection title="Children's information">
        <P>
          Children do not have accounts: a parent or guardian creates the registry and decides what it shows. We ask only for the child's name and the celebration date; the photo and message are optional. Uploaded photos are re-encoded before they are stored, which removes location and camera details.
        </P>
        <P>Because a registry page is reachable by anyone with its link, and a listed one can be found by the child's name, keep the message and photo to what you are happy for guests to see, or make the registry unlisted.</P>
      </PolicySection>

      <PolicySection title="How long we keep it">
        <ul>
          <li>Sign-in sessions end after 14 days or when you sign out. Resetting your password ends all of them; changing it ends all but the one you changed it from.</li>
          <li>A password-reset link works once, for 1 hour; an e-mail change link works once, for 24 hours. Only a one-way hash of each link is stored, and it is deleted within an hour of expiring.</li>
          <li>An invitation to co-own a registry works once, for 7 days. We keep the address it was sent to and a one-way hash of its link with the registry, so its owner sees who was invited; cancelling it deletes it.</li>
          <li>Counters that limit repeated attempts (sign-ins, password-reset requests and e-mails, searches, thank-you cards e-mailed to gifts given by hand) are keyed by network address, e-mail address or account and count over at most a day; which network address started a payment is kept for at most 70 minutes, so a gift that was paid does not count against it.</li>
          <li>Accounts, registries, gifts and thank-you cards are kept until you ask us to delete them: they are the record of money given and paid out. Of each e-mail we send, we keep to whom, its subject and when it went for 30 days; its text is deleted once it is delivered.</li>
        </ul>
      </PolicySection>

      <PolicySection title="Your choices, and asking for deletion">
        <ul>
          <li>You can change your name, e-mail address and password on your account page at any time.</li>
          <li>You can edit a registry's details and photo, make it unlisted, and delete a registry that has received no gifts.</li>
        </ul>
        <P>
          To see what we hold about you, to correct it, or to delete your account, a registry with gifts or a gift you gave, write to <SupportEmail />. There is no self-service button for this yet; a person handles each request. We delete what we can and keep only what payment and tax records require (for example, that a gift of a given amount was paid and to whom its share was paid out).
        </P>
      </PolicySection>
    </PolicyPage>
  );
}
