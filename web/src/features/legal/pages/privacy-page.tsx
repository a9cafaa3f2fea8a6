import { paths } from '@core/page-paths';
import Link from '@mui/material/Link';
import { P, PolicyPage, PolicySection, PrivacyEmail } from '@/features/legal/components/policy-page';
import { useConfig } from '@/lib/use-config';
import { PRODUCT_NAME } from '@/lib/product';

/** /privacy: what is stored, for how long, who sees what, and how to ask for deletion, as the product works today. */
export default function PrivacyPage() {
  const { config } = useConfig();
  const retentionDays = config?.guestDataRetentionDays ?? 730;
  const graceDays = config?.accountDeletionGraceDays ?? 14;
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
          <li>
            for bank payouts, the id and verification state of your account at our payment provider. Your bank details are entered on the
            provider's own pages; we never see or store an account number;
          </li>
          <li>for PayPal or check payouts, the PayPal e-mail address or the mailing name and address you give us.</li>
        </ul>
        <P>
          For each registry: the child's name, the celebration date, the personal message and photo you add, the charity you choose, the
          currency, and the totals received and paid out.
        </P>
        <P>
          For each gift: the giver's name and e-mail address, the amount and fees, the charity, the optional personal message, the payment's
          status and the payment provider's reference. Card numbers are typed into the payment provider's form and never reach our servers.
        </P>
        <P>
          For the newsletter: the e-mail address you enter in the footer and when you subscribed. Unsubscribing (the link is in the
          confirmation e-mail) removes the address from our list altogether.
        </P>
        <P>For thank-you cards: the message, the template and the photos you choose, and when each card was sent.</P>
        <P>
          Of each e-mail we send (receipts, notices, thank-you cards, account e-mails) our database keeps to whom it went, its subject and
          when, as a record of what was sent, for 30 days; its text is deleted once it is delivered. Our server logs record each request's
          path, status and timing; they never contain passwords, session ids, links' secret tokens or card data.
        </P>
      </PolicySection>

      <PolicySection title="Who sees what">
        <ul>
          <li>
            <strong>Anyone with a registry's link</strong> sees the child's name, the celebration date, the photo, the personal message, the
            charity and how many people have given. Never a giver's name, e-mail address or amount.
          </li>
          <li>
            <strong>Search</strong> finds open registries by the child's name. A family can make a registry unlisted, and then only people
            with its link can reach it. Search results never show money.
          </li>
          <li>
            <strong>The family</strong> (the account that made the registry, and the co-owners it invited, such as the other parent) sees
            each gift: the giver's name, e-mail address, amount and message, so they can send thank-you cards. Where the payout goes (PayPal
            or mailing details, the bank account) only the account that made the registry sees.
          </li>
          <li>
            <strong>Givers</strong> see their own receipt. A thank-you card goes only to the giver it is addressed to.
          </li>
          <li>
            <strong>Our administrators</strong> see what they need to pay charities and to send PayPal and check payouts: amounts,
            registries, and PayPal or mailing details. To refund a gift when a family or a giver asks, they can also look up a registry's
            gifts (each giver's name, e-mail and amount). Every payout they complete, and every refund with its reason, is written to an
            audit trail that cannot be changed.
          </li>
          <li>
            <strong>Service providers:</strong> the payment provider (Stripe) processes cards and bank payouts; the e-mail provider
            (SendGrid) delivers our e-mails; photos are stored with our storage provider. We do not sell or rent anyone's information, and
            we show no advertising.
          </li>
        </ul>
      </PolicySection>

      <PolicySection title="Children's information">
        <P>
          Children do not have accounts: a parent or guardian creates the registry and decides what it shows. We ask only for the child's
          name and the celebration date; the photo and message are optional. Uploaded photos are re-encoded before they are stored, which
          removes location and camera details.
        </P>
        <P>
          Because a registry page is reachable by anyone with its link, and a listed one can be found by the child's name, keep the message
          and photo to what you are happy for guests to see, or make the registry unlisted.
        </P>
      </PolicySection>

      <PolicySection title="How long we keep it">
        <ul>
          <li>
            Sign-in sessions end after 14 days or when you sign out. Resetting your password ends all of them; changing it ends all but the
            one you changed it from.
          </li>
          <li>
            A password-reset link works once, for 1 hour; an e-mail change link works once, for 24 hours. Only a one-way hash of each link
            is stored, and it is deleted within an hour of expiring.
          </li>
          <li>
            An invitation to co-own a registry works once, for 7 days. We keep the address it was sent to and a one-way hash of its link
            with the registry, so its owner sees who was invited; cancelling it deletes it.
          </li>
          <li>
            Counters that limit repeated attempts (sign-ins, password-reset requests and e-mails, searches, thank-you cards e-mailed to
            gifts given by hand) are keyed by network address, e-mail address or account and count over at most a day; which network address
            started a payment is kept for at most 70 minutes, so a gift that was paid does not count against it.
          </li>
          <li>
            Guests&apos; e-mail addresses and personal messages are deleted {retentionDays} days (about {Math.round(retentionDays / 365)}{' '}
            years) after the registry&apos;s payout was sent, for gifts paid online and gifts the family recorded by hand. The giver&apos;s
            name and the amount stay in the family&apos;s gift list and in our books.
          </li>
          <li>
            Accounts, registries, gifts and thank-you cards are otherwise kept until the account is deleted: they are the family&apos;s
            record and ours of money given and paid out.
          </li>
          <li>An export made for you to download by e-mail is kept for 7 days, then deleted.</li>
          <li>
            A receipt for a gift over $200 is the charity&apos;s record of a donation, which the tax authorities ask it to keep: it holds
            the giver&apos;s name, the charity&apos;s 10% and the date, and we keep it for 7 years after the end of the year of the gift,
            even when the family deletes its account or the guests&apos; data is deleted. The charity sees the giver&apos;s name and amount
            on its donor list, and the giver&apos;s e-mail only if the giver ticked &ldquo;Share my e-mail&rdquo; on the gift form, until
            the guests&apos; e-mail addresses are deleted as above.
          </li>
        </ul>
      </PolicySection>

      <PolicySection title="Your rights">
        <P>Whoever you are and wherever you live, you can ask us:</P>
        <ul>
          <li>
            <strong>To see and take your data</strong> (access and portability). On your <Link href={paths.account}>account page</Link>,
            Download your data gives everything about your account (your profile, your registries, their gifts and givers, gifts recorded by
            hand, thank-you cards, payouts and co-owners) as a JSON file or as CSV files that open in any spreadsheet. A co-owner gets the
            registries they share, without where the owner&apos;s payout goes. A very large account gets it by e-mail, as a link that works
            for 7 days.
          </li>
          <li>
            <strong>To correct it.</strong> You can change your name, e-mail address and password on your account page, and a
            registry&apos;s details on its page, at any time.
          </li>
          <li>
            <strong>To delete it.</strong> On your account page, Delete your account asks for your password and deletes the account{' '}
            {graceDays} days later; signing in before then cancels it, and we e-mail you either way. It cannot be done while a registry you
            own holds money not yet paid out to you (close it and receive the payout first), or while it has co-owners, who would lose its
            gifts and cards. Deleting removes your name, e-mail address and username, your registries&apos; names, messages, photos and
            payout addresses, your guests&apos; names, e-mail addresses and messages, your gifts recorded by hand and your thank-you cards.
            We keep the amounts, dates and charities of gifts and payouts, without names, because they are the payment and tax records of
            money that passed through us; a charity&apos;s receipts keep the giver&apos;s name too, as said above.
          </li>
          <li>
            <strong>Guests</strong> have no account: to see or delete what we hold about a gift you gave, write to us from the address you
            gave with it.
          </li>
        </ul>
        <P>
          Write to our privacy contact, <PrivacyEmail />, for anything the account page does not do, or to ask a question about how we
          handle your information. We answer within 30 days, and may need to confirm that the request comes from you. Using these rights
          never changes how we treat you.
        </P>
        <P>
          In Canada, the Personal Information Protection and Electronic Documents Act (PIPEDA) gives you the right to access your personal
          information and to have it corrected, and Quebec&apos;s Law 25 adds the right to receive it in a structured, commonly used
          technological format. If you are not satisfied with our answer, you can complain to the Office of the Privacy Commissioner of
          Canada, or in Quebec to the Commission d&apos;accès à l&apos;information. In California, the California Consumer Privacy Act gives
          residents rights to know, access, correct and delete their personal information; we do not sell personal information or share it
          for advertising. We honor the requests above for everyone, whether or not a particular law applies to us.
        </P>
      </PolicySection>
    </PolicyPage>
  );
}
