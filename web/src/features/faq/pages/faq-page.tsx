import { useState, type ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EmailIcon from '@mui/icons-material/Email';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { paths } from '@core/page-paths';
import { PRODUCT_NAME } from '@/lib/product';
import { usePageTitle } from '@/lib/use-page-title';
import { useConfig, type AppConfig } from '@/lib/use-config';
import { CHECK_TIMING, PAYPAL_TIMING } from '@core/payout/payout-timing';

interface Faq {
  id: string;
  question: string;
  answer: (contact: Contact) => ReactNode;
}

interface Contact {
  email: string | undefined;
  phone: string | undefined;
  mailto: string | undefined;
}

function contactOf(config: AppConfig | undefined): Contact {
  const email = config?.supportEmail || undefined;
  return {
    email,
    phone: config?.supportPhone || undefined,
    mailto: email ? `mailto:${email}?subject=${encodeURIComponent(`${PRODUCT_NAME} support`)}` : undefined,
  };
}

function P({ children }: { children: ReactNode }) {
  return <Typography sx={{ '& + &': { mt: 1.5 } }}>{children}</Typography>;
}

function Steps({ items }: { items: ReactNode[] }) {
  return (
    <Box component="ol" sx={{ m: 0, mt: 1.5, pl: 3, display: 'grid', gap: 0.75 }}>
      {items.map((item, index) => (
        <Typography component="li" key={index}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

/** The thirteen questions of docs/product.md#faq-page, in its order, answered for this product. */
export const faqs: readonly Faq[] = [
  {
    id: 'benefits-child',
    question: 'How does a registry benefit my child?',
    answer: () => (
      <>
        <P>
          Your child receives gifts as money for their future: savings, a special purchase or their first steps as a young adult, instead of
          a pile of things they may never use.
        </P>
        <P>
          Every gift also supports a Jewish charity, so becoming a Bar or Bat Mitzvah comes with a real act of tzedakah. Your child sees
          that their celebration helps others too.
        </P>
      </>
    ),
  },
  {
    id: 'benefits-parent',
    question: 'What are the benefits for parents?',
    answer: () => (
      <P>
        All gifts arrive in one place: no checks to deposit, no envelopes of cash to keep safe and no list to keep by hand. You see each
        gift with the giver's name and message, send thank-you cards from the same page, and receive the family's share by bank transfer,
        PayPal or check when you close the registry. Setting up and running a registry is free.
      </P>
    ),
  },
  {
    id: 'benefits-guests',
    question: 'What are the benefits for guests?',
    answer: () => (
      <P>
        Guests give in about a minute from any phone or computer, by card, without creating an account. They choose any amount, can add a
        personal message, and know that their gift helps the family and a Jewish charity at the same time. Guests who live far away can take
        part as easily as those at the celebration.
      </P>
    ),
  },
  {
    id: 'how-it-works',
    question: `How does ${PRODUCT_NAME} work?`,
    answer: () => (
      <Steps
        items={[
          "A parent creates a registry with the child's name, the celebration date, a personal message and a charity, or lets each guest choose one.",
          'The family shares the registry link or its QR code with family and friends.',
          'Guests open the link, choose an amount and pay by card. 90% of every gift goes to the family and 10% to the charity.',
          "After the celebration the parent closes the registry and receives the family's share.",
        ]}
      />
    ),
  },
  {
    id: 'how-funds-are-received',
    question: 'How are gifts received?',
    answer: () => (
      <>
        <P>
          Guests pay by credit or debit card through our secure card payment provider. As soon as the payment is confirmed, the gift shows
          on the registry with the giver's name, the amount and their message.
        </P>
        <P>
          Gifts collect on the registry until you close it. At closing, 90% of the total received is paid out to your family and 10% goes to
          the charities your guests supported.
        </P>
      </>
    ),
  },
  {
    id: 'contact',
    question: 'How can I contact you?',
    answer: (contact) => (
      <P>
        {contact.email && contact.mailto ? (
          <>
            E-mail us at <Link href={contact.mailto}>{contact.email}</Link>
            {contact.phone ? <> or call us at {contact.phone}</> : null}. Support is available 24/7.
          </>
        ) : (
          <>Use the contact details at the bottom of this page. Support is available 24/7.</>
        )}
      </P>
    ),
  },
  {
    id: 'fees',
    question: 'What are the fees?',
    answer: () => (
      <>
        <P>
          Families pay nothing: creating and running a registry, payment processing for your account and thank-you cards are free, with no
          monthly fees.
        </P>
        <P>
          The guest pays a flat platform fee of 3 in the registry's currency ($3 or CA$3) per gift, plus the card processing fee, both on
          top of the gift. The guest sees the exact total before paying. Nothing is taken from the gift itself: the family always receives
          90% and the charity 10% of the full amount.
        </P>
      </>
    ),
  },
  {
    id: 'getting-started',
    question: 'How do I get started?',
    answer: () => (
      <Steps
        items={[
          <>
            <Link href={paths.auth}>Create a free account</Link> or sign in.
          </>,
          "Choose Create Registry and enter your child's name and the celebration date.",
          'Pick the currency (USD or CAD) and a charity, or let each guest choose.',
          'Add a personal message and a photo if you like, then create the registry.',
          'Share its short link or QR code with your guests.',
        ]}
      />
    ),
  },
  {
    id: 'tax-receipts',
    question: 'Do guests receive a tax receipt?',
    answer: () => (
      <P>
        Contributions over $200 get a receipt for 10% of the gift amount: the part that goes to the charity. For example, a $250 gift comes
        with a receipt for $25.00. We collect that 10% as the charity&apos;s agent, and the receipt names the charity, its tax id and
        address. For a US charity it is the charity&apos;s written acknowledgment; for a Canadian charity it is an acknowledgment, and the
        charity issues the official receipt for income tax purposes. A charity whose details we do not have yet sends its own receipt. Only
        the charity&apos;s 10% is a donation: the 90% that goes to the family is a personal gift, and the platform and processing fees are
        not donations. Whether you can deduct the donation depends on the tax rules where you live.
      </P>
    ),
  },
  {
    id: 'notifications',
    question: 'Will I be notified by e-mail when someone gives a gift?',
    answer: () => (
      <P>
        Yes. When a gift comes in, the registry owner receives an e-mail with the giver's name, the amount and their message. Every gift is
        also listed on your registry page whenever you are signed in.
      </P>
    ),
  },
  {
    id: 'charity-not-listed',
    question: "What if the charity I want isn't listed?",
    answer: (contact) => (
      <P>
        We keep adding partner charities. {contact.mailto ? <Link href={contact.mailto}>E-mail us</Link> : 'Write to us'} with the charity's
        name and website and we will look into it. Charities can also apply with the Become a Partner Charity button on our home page.
        Meanwhile you can let each guest choose from our <Link href={paths.charities}>current partners</Link>.
      </P>
    ),
  },
  {
    id: 'receiving-funds',
    question: 'How do I receive the funds?',
    answer: () => (
      <>
        <P>When you close your registry, you choose how the family's 90% is paid out:</P>
        <Box component="ul" sx={{ m: 0, mt: 1.5, pl: 3, display: 'grid', gap: 0.75 }}>
          <Typography component="li">
            <strong>Bank transfer:</strong> set up a payout account (a bank account in the United States for a USD registry, in Canada for a
            CAD registry) and the money is transferred when you close.
          </Typography>
          <Typography component="li">
            <strong>PayPal:</strong> sent to your PayPal e-mail {PAYPAL_TIMING}.
          </Typography>
          <Typography component="li">
            <strong>Check:</strong> {CHECK_TIMING}, to your address.
          </Typography>
        </Box>
      </>
    ),
  },
  {
    id: 'thank-you-cards',
    question: 'How do I send thank-you cards?',
    answer: () => (
      <P>
        Open your registry and choose Thank You Cards. Pick a contributor, choose one of four designs, write a personal message (we start
        you off with a draft), add celebration photos if you like, check the live preview and send the card by e-mail. You can save drafts
        and resend a card at any time; the list shows who has a card sent, a draft, or no card yet.
      </P>
    ),
  },
];

/** /faq (public): one question open at a time, and a way to contact support. */
export default function FaqPage() {
  usePageTitle('Frequently Asked Questions');
  const { config } = useConfig();
  const contact = contactOf(config);
  const [open, setOpen] = useState<string | false>(false);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography variant="h1">Frequently Asked Questions</Typography>
      <Typography color="text.secondary" sx={{ mt: 2, mb: { xs: 3, md: 4 } }}>
        Answers to common questions about registries, gifts, fees, charities, payouts and thank-you cards.
      </Typography>

      <Box>
        {faqs.map((faq) => {
          const expanded = open === faq.id;
          return (
            <Accordion
              key={faq.id}
              expanded={expanded}
              onChange={(_, isExpanded) => setOpen(isExpanded ? faq.id : false)}
              disableGutters
              slotProps={{ heading: { component: 'h2' } }}
              sx={{ '&:before': { display: 'none' }, border: 1, borderColor: 'divider', '& + &': { borderTop: 0 } }}
            >
              <AccordionSummary
                id={`faq-${faq.id}-question`}
                aria-controls={`faq-${faq.id}-answer`}
                expandIcon={<ExpandMoreIcon aria-hidden="true" />}
              >
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {faq.question}
                </Typography>
              </AccordionSummary>
              {/* MUI wraps the answer in a region named by the question, with the aria-controls id. */}
              <AccordionDetails sx={{ color: 'text.secondary' }}>{faq.answer(contact)}</AccordionDetails>
            </Accordion>
          );
        })}
      </Box>

      <Box
        sx={{
          mt: { xs: 5, md: 6 },
          p: { xs: 3, md: 4 },
          borderRadius: 4,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          textAlign: 'center',
        }}
      >
        <Typography component="h2" variant="h3">
          Still have questions?
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 2.5 }}>
          Our support team is here to help, 24/7.
        </Typography>
        <Button variant="contained" href={contact.mailto ?? paths.faq} startIcon={<EmailIcon />} disabled={!contact.mailto}>
          Contact Support
        </Button>
      </Box>
    </Container>
  );
}
