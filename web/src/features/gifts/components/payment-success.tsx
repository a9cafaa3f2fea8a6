import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { formatMoney, type Cents, type Currency } from '@core/money';
import { paths } from '@core/page-paths';
import { usePageTitle } from '@/lib/use-page-title';
import { celebrationTitle } from '@core/model/celebration-title';
import { DEFAULT_CELEBRATION_TYPE, type CelebrationType } from '@core/model/celebration-title';
import { AmountList } from './amount-list';

/** What the success screen tells about a paid gift. */
export interface PaidGift {
  amount: Cents;
  childAmount: Cents;
  charityAmount: Cents;
  currency: Currency;
  charityName?: string | undefined;
  childName?: string | undefined;
  celebrationType?: CelebrationType | undefined;
}

/**
 * The success screen (docs/product.md#checkout): 'Thank You!' with the contribution, 'Your Impact' and
 * 'Return to Home'. The focus moves to its heading so the news is read first. A giver who came
 * back from the provider in another tab may have no details left; the thanks stand anyway.
 */
export function PaymentSuccess({ gift }: { gift: PaidGift | null }) {
  usePageTitle('Thank You!');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const money = (cents: number) => (gift ? formatMoney(cents, gift.currency) : '');

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 5, md: 8 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 5 }, display: 'grid', gap: 3, textAlign: 'center' }}>
          <CheckCircleIcon aria-hidden="true" sx={{ fontSize: 72, color: 'success.main', mx: 'auto' }} />
          <Typography ref={headingRef} tabIndex={-1} variant="h1" sx={{ '&:focus': { outline: 'none' } }}>
            Thank You!
          </Typography>
          <Typography sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
            {gift
              ? `Your contribution of ${money(gift.amount)}${gift.childName ? ` to ${celebrationTitle({ childName: gift.childName, celebrationType: gift.celebrationType ?? DEFAULT_CELEBRATION_TYPE })}` : ''} has been received.`
              : 'Your contribution has been received.'}
          </Typography>

          {gift && (
            <Box
              component="section"
              aria-labelledby="impact-heading"
              sx={{ textAlign: 'left', p: { xs: 2, sm: 2.5 }, borderRadius: 2, bgcolor: 'background.default' }}
            >
              <Typography id="impact-heading" component="h2" variant="h3" sx={{ mb: 1.5 }}>
                Your Impact
              </Typography>
              <AmountList
                rows={[
                  { term: 'To the celebration', value: money(gift.childAmount) },
                  { term: gift.charityName ? `To charity: ${gift.charityName}` : 'To charity', value: money(gift.charityAmount) },
                ]}
              />
            </Box>
          )}

          <Box>
            <Button variant="contained" size="large" href={paths.home}>
              Return to Home
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Container>
  );
}
