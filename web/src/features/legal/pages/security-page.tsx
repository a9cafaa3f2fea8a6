import { P, PolicyPage, PolicySection, SupportEmail } from '@/features/legal/components/policy-page';
import { PRODUCT_NAME } from '@/lib/product';

/** /security: how accounts, payments and children's information are protected, as the product works today. */
export default function SecurityPage() {
  return (
    <PolicyPage title="Security" intro={`How ${PRODUCT_NAME} protects families' accounts, guests' payments and children's information.`}>
      <PolicySection title="Payments">
        <ul>
          <li>
            Card details are typed into our payment provider's (Stripe's) form and go straight to it. They never reach our servers, and we
            never store them.
          </li>
          <li>
            A gift is credited once, when the payment provider confirms it: a repeated or late confirmation never counts a gift twice.
          </li>
          <li>
            Bank details for payouts are entered on the payment provider's own onboarding pages; we keep only the id of the verified
            account.
          </li>
          <li>All money is counted in whole cents, so the family's and the charity's shares always add up to the gift exactly.</li>
        </ul>
      </PolicySection>

      <PolicySection title="Accounts">
        <ul>
          <li>Passwords are stored only as argon2id hashes.</li>
          <li>
            Sign-in uses a session kept on our server; your browser holds only a signed id in a cookie scripts cannot read, replaced with a
            new one at every sign-in.
          </li>
          <li>Repeated failed sign-ins, password-reset requests and wrong current passwords are limited.</li>
          <li>
            A password-reset link works once, for 1 hour, until a newer one is sent, and changing or resetting a password signs out every
            other device. The answer to "Forgot password?" is the same whether or not an account uses the address, and nobody else's
            requests can stop the owner of an address from getting a link.
          </li>
          <li>A new e-mail address takes effect only when the link sent to it is opened, and the old address is told.</li>
        </ul>
      </PolicySection>

      <PolicySection title="Children's information and guests' details">
        <ul>
          <li>
            Only the family sees who gave and how much: the registry's owner and the co-owners the owner invited, such as the other parent.
            The public page shows only how many people have given.
          </li>
          <li>A registry can be unlisted, so search never finds it.</li>
          <li>Photos are re-encoded on upload, which strips location and camera details.</li>
          <li>Every permission is checked on our server, on every request.</li>
        </ul>
      </PolicySection>

      <PolicySection title="Reporting a problem">
        <P>
          If you think your account has been misused, change your password from your account page (or use "Forgot password?") and write to{' '}
          <SupportEmail />. To report a security weakness, write to the same address; please give us a chance to fix it before telling
          others.
        </P>
      </PolicySection>
    </PolicyPage>
  );
}
