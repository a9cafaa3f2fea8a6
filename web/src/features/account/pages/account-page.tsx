import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { usePageTitle } from '@/lib/use-page-title';
import { useAccount } from '@/features/account/api/account-api';
import { PRODUCT_NAME } from '@/lib/product';
import { useConfig } from '@/lib/use-config';
import { AccountDeletion } from '@/features/account/components/account-deletion';
import { AccountSection } from '@/features/account/components/account-section';
import { DataExport } from '@/features/account/components/data-export';
import { EmailForm } from '@/features/account/components/email-form';
import { PasswordForm } from '@/features/account/components/password-form';
import { ProfileForm } from '@/features/account/components/profile-form';

/** /account: the signed-in user's name, e-mail address and password, their data to take, and leaving. */
export default function AccountPage() {
  usePageTitle('Your account');
  const { data: account, error, mutate } = useAccount();
  const { config } = useConfig();
  if (error) {
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <LoadError onRetry={() => void mutate()}>Your account could not be loaded.</LoadError>
      </Container>
    );
  }
  if (!account) return <PageSpinner label="Loading your account…" />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1">Your Account</Typography>
      <Box sx={{ mt: 4, display: 'grid', gap: 3 }}>
        <AccountSection title="Your details" intro="Your name appears on your dashboard and in the e-mails we send you.">
          <ProfileForm account={account} />
        </AccountSection>
        <AccountSection
          title="E-mail address"
          intro="We send a link to the new address; it changes when you open the link, and we tell your current address."
        >
          <EmailForm account={account} />
        </AccountSection>
        <AccountSection title="Password" intro="Changing your password signs out every other device.">
          <PasswordForm />
        </AccountSection>
        <AccountSection
          title="Download your data"
          intro="Everything about your account: your profile, your registries, their gifts and givers, gifts recorded by hand, thank-you cards, payouts and co-owners."
        >
          <DataExport />
        </AccountSection>
        <AccountSection title="Delete your account" intro={`Leave ${PRODUCT_NAME}, and have your personal data deleted.`}>
          <AccountDeletion account={account} graceDays={config?.accountDeletionGraceDays ?? 14} />
        </AccountSection>
      </Box>
    </Container>
  );
}
