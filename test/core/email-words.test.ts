import { describe, expect, it } from 'vitest';
import type { User } from '@core/model/user';
import {
  accountDeletedEmail,
  confirmEmailChangeEmail,
  deletionCancelledEmail,
  deletionNotDoneEmail,
  deletionScheduledEmail,
  emailAlreadyUsedEmail,
  emailChangedEmail,
  exportFailedEmail,
  exportReadyEmail,
  passwordChangedEmail,
  passwordResetEmail,
} from '@core/account/account-emails';
import type { Charity } from '@core/model/charity';
import { coOwnerInvitationEmail } from '@core/co-owner/co-owner-emails';
import type { Dispute } from '@core/model/dispute';
import {
  disputeEndedFamilyNotice,
  disputeOpenedAdminNotice,
  disputeOpenedFamilyNotice,
  followUpWaitingAdminNotice,
  transferReversedFamilyNotice,
} from '@core/dispute/dispute-emails';
import type { Gift } from '@core/model/gift';
import { familyRefundNotice, giftNotice, giftReceipt, giftRefundedNotice, giftRefundNotice } from '@core/gift/gift-emails';
import { reconciliationDifferencesNotice } from '@core/ledger/reconciliation-emails';
import {
  charityPayoutsPendingNotice,
  manualPayoutWaitingNotice,
  payoutIssueNotice,
  payoutSentNotice,
  registryClosedNotice,
} from '@core/payout/payout-emails';
import type { MailMessage } from '@core/ports/mailer';
import type { Registry } from '@core/model/registry';
import { unthankedGiftsReminder } from '@core/thank-you/thank-you-reminder';
import { renderThankYouCard } from '@core/thank-you/render-card';

/**
 * docs/product.md#validation-rules: an e-mail that quotes someone's words to someone else takes
 * their links apart. Every text a person typed below holds an address (evil.example), and no part
 * of any e-mail may hold it whole, nor an address's at sign between two words.
 */
const TYPED = 'Claim your prize at evil.example';
const at = (local: string) => `${local}@evil.example`;
const APP = 'https://gifts.example';
const SUPPORT = 'support@gifts.example';

function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    username: 'prize.evil.example',
    email: at('family'),
    firstName: TYPED,
    lastName: TYPED,
    profileImageUrl: null,
    isAdmin: false,
    payoutAccountId: null,
    payoutAccountStatus: null,
    payoutAccountOnboardedAt: null,
    deletionDueAt: null,
    deletedAt: null,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    updatedAt: new Date('2026-11-01T00:00:00Z'),
    ...overrides,
  };
}

function aRegistry(overrides: Partial<Registry> = {}): Registry {
  return {
    id: 'registry-1',
    userId: 'user-1',
    coOwnerIds: [],
    shortCode: 'abcd1234',
    childName: TYPED,
    celebrationType: 'bat',
    celebrationDate: new Date('2027-05-16T00:00:00Z'),
    hebrewCalendar: 'diaspora',
    personalMessage: TYPED,
    photoUrl: null,
    photoFocusX: 50,
    photoFocusY: 50,
    preferredCharityId: null,
    allowCharityChoice: true,
    unlisted: false,
    isActive: true,
    currency: 'USD',
    status: 'closed',
    totalReceived: 6_000,
    payoutMethod: 'check',
    bankAccountHolder: null,
    bankAccountNumber: null,
    bankRoutingNumber: null,
    bankName: null,
    paypalEmail: at('paypal'),
    mailingName: TYPED,
    mailingAddress: TYPED,
    mailingCity: TYPED,
    mailingState: TYPED,
    mailingZip: TYPED,
    mailingCountry: 'US',
    closedAt: new Date('2026-12-01T00:00:00Z'),
    payoutAmount: 1_800,
    charityPayoutAmount: 200,
    stripePayoutId: null,
    payoutStatus: 'pending',
    payoutSentAt: null,
    payoutClaimedBy: null,
    payoutClaimedByUserId: null,
    payoutClaimedAt: null,
    payoutClaims: 0,
    transferFailureReason: null,
    transferFailureMessage: null,
    transferAttempts: 0,
    payoutIssueEmailedAt: null,
    payoutReference: null,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    updatedAt: new Date('2026-11-01T00:00:00Z'),
    ...overrides,
  };
}

const gift: Gift = {
  id: 'gift-1',
  registryId: 'registry-1',
  giftGiverName: TYPED,
  giftGiverEmail: at('giver'),
  currency: 'USD',
  amount: 4_000,
  childAmount: 3_600,
  charityAmount: 400,
  platformFee: 300,
  cardFee: 160,
  providerFee: 146,
  charityId: 'charity-1',
  personalMessage: `${TYPED}, or https://evil.example/pay`,
  paymentIntentId: 'pi_1',
  paymentStatus: 'succeeded',
  refundedAtPlatformCost: false,
  shareEmailWithCharity: false,
  createdAt: new Date('2026-11-02T00:00:00Z'),
};

const charity: Charity = {
  id: 'charity-1',
  name: 'HIAS',
  description: 'Welcomes refugees.',
  website: null,
  imageUrl: null,
  category: 'community',
  isActive: true,
  createdAt: new Date('2026-01-01T00:00:00Z'),
} as Charity;

const dispute: Dispute = {
  id: 'dispute-1',
  providerDisputeId: 'du_1',
  giftId: gift.id,
  registryId: 'registry-1',
  paymentIntentId: 'pi_1',
  currency: 'USD',
  amount: 4_460,
  reason: 'fraudulent',
  status: 'won',
  evidenceDueBy: new Date('2027-01-01T00:00:00Z'),
  phase: 'held',
  heldAmount: 4_000,
  withdrawnAmount: 4_460,
  withdrawnFee: 1_500,
  reinstatedAmount: 4_460,
  evidenceSubmittedAt: null,
  evidenceText: null,
  transferReversalId: null,
  reversedAmount: null,
  followUp: {
    method: 'check',
    amount: 3_600,
    status: 'pending',
    claim: null,
    claims: 0,
    charityPayoutId: null,
    reference: null,
    failureMessage: null,
    sentAt: null,
    sentBy: null,
  },
  createdAt: new Date('2026-11-03T00:00:00Z'),
  closedAt: new Date('2026-12-02T00:00:00Z'),
};

const owner = aUser();
const admin = aUser({ id: 'admin-1', isAdmin: true });

const EMAILS: [string, () => MailMessage | { subject: string; text: string; html: string }][] = [
  ['password reset', () => passwordResetEmail(owner, `${APP}/reset-password#token=x`, SUPPORT)],
  ['password changed', () => passwordChangedEmail(owner, SUPPORT)],
  ['new address to confirm', () => confirmEmailChangeEmail(owner, at('new'), `${APP}/account/confirm-email#token=x`, SUPPORT)],
  ['address already used', () => emailAlreadyUsedEmail(at('new'), SUPPORT)],
  ['address changed', () => emailChangedEmail(owner, at('old'), at('new'), SUPPORT)],
  ['deletion scheduled', () => deletionScheduledEmail(owner, new Date('2027-01-01T00:00:00Z'), APP, SUPPORT)],
  ['deletion cancelled', () => deletionCancelledEmail(owner, SUPPORT)],
  ['deletion not done', () => deletionNotDoneEmail(owner, 'a gift arrived meanwhile.', SUPPORT)],
  ['account deleted', () => accountDeletedEmail(owner, SUPPORT)],
  ['export ready', () => exportReadyEmail(owner, `${APP}/api/account/exports/x`, new Date('2027-01-01T00:00:00Z'), 'json', SUPPORT)],
  ['export failed', () => exportFailedEmail(owner, SUPPORT)],
  ['co-owner invitation', () => coOwnerInvitationEmail(owner, aRegistry(), at('invitee'), `${APP}/co-owner/accept#token=x`)],
  ['gift receipt', () => giftReceipt(gift, aRegistry(), charity, SUPPORT)],
  ['new gift', () => giftNotice(gift, aRegistry(), charity, owner, `${APP}/registry/registry-1`, SUPPORT)],
  ['late payment refunded', () => giftRefundNotice(gift, aRegistry(), SUPPORT)],
  ['gift refunded, to the giver', () => giftRefundedNotice(gift, aRegistry(), SUPPORT)],
  ['gift refunded, to the family', () => familyRefundNotice(gift, aRegistry(), owner, 'support', SUPPORT)],
  [
    'dispute opened, to administrators',
    () => disputeOpenedAdminNotice(dispute, gift, aRegistry(), admin, `${APP}/admin/disputes`, SUPPORT),
  ],
  ['dispute opened, to the family', () => disputeOpenedFamilyNotice(dispute, gift, aRegistry(), owner, SUPPORT)],
  ['dispute won, to the family', () => disputeEndedFamilyNotice(dispute, gift, aRegistry({ payoutMethod: 'paypal' }), owner, SUPPORT)],
  [
    'dispute lost, to the family',
    () => disputeEndedFamilyNotice({ ...dispute, status: 'lost', followUp: null }, gift, aRegistry(), owner, SUPPORT),
  ],
  ['transfer reversed', () => transferReversedFamilyNotice(dispute, gift, aRegistry(), owner, 3_600, SUPPORT)],
  [
    'follow-up to send by check',
    () => followUpWaitingAdminNotice(dispute, gift, aRegistry(), owner, admin, `${APP}/admin/disputes`, SUPPORT),
  ],
  [
    'follow-up to send by PayPal',
    () =>
      followUpWaitingAdminNotice(
        { ...dispute, followUp: { ...dispute.followUp!, method: 'paypal' } },
        gift,
        aRegistry({ payoutMethod: 'paypal' }),
        owner,
        admin,
        `${APP}/admin/disputes`,
        SUPPORT,
      ),
  ],
  ['registry closed, check', () => registryClosedNotice(aRegistry(), owner, `${APP}/registry/registry-1`, SUPPORT)],
  [
    'registry closed, PayPal',
    () => registryClosedNotice(aRegistry({ payoutMethod: 'paypal' }), owner, `${APP}/registry/registry-1`, SUPPORT),
  ],
  [
    'payout issue',
    () =>
      payoutIssueNotice(
        aRegistry({ payoutMethod: 'bank', transferFailureReason: 'refused', transferFailureMessage: 'No such account' }),
        owner,
        `${APP}/registry/registry-1`,
        SUPPORT,
      ),
  ],
  ['payout sent', () => payoutSentNotice(aRegistry({ status: 'payout_sent', payoutStatus: 'completed' }), owner, SUPPORT)],
  ['manual payout waiting', () => manualPayoutWaitingNotice(aRegistry(), owner, admin, `${APP}/admin/manual-payouts`, SUPPORT)],
  [
    'charity payouts pending',
    () =>
      charityPayoutsPendingNotice(
        [{ charityName: 'HIAS', currency: 'USD', giftCount: 1 }],
        admin,
        '2026-12-02',
        `${APP}/admin/charity-payouts`,
        SUPPORT,
      ),
  ],
  ['reconciliation', () => reconciliationDifferencesNotice('2026-12-01', [], admin, `${APP}/admin/finance`, SUPPORT)],
  ['thank-you reminder', () => unthankedGiftsReminder(aRegistry(), owner, 2, `${APP}/thank-you-cards/registry-1`, SUPPORT)],
  [
    'thank-you card',
    () =>
      renderThankYouCard(
        {
          templateId: 'warm',
          customMessage: `Dear ${TYPED}, thank you! https://evil.example`,
          imageUrls: [],
          imageSize: 'medium',
          childName: TYPED,
          celebrationType: 'bat',
          giverName: TYPED,
        },
        APP,
      ),
  ],
];

describe('e-mails that quote what people typed', () => {
  it.each(EMAILS)('make no link of it: %s', (_name, build) => {
    const mail = build();
    for (const [part, body] of [
      ['subject', mail.subject],
      ['text', mail.text],
      ['html', mail.html],
    ] as const) {
      expect(body, part).not.toMatch(/evil\.example/);
      expect(body, part).not.toMatch(/\S@evil/);
    }
  });

  it('still read as typed, and a username copied from the HTML part signs in', () => {
    const reset = passwordResetEmail(owner, `${APP}/reset-password#token=x`, SUPPORT);
    expect(reset.text).toContain('Hello Claim your prize at evil.\u200Bexample,');
    const visible = reset.html.replace(/<[^>]+>/g, '');
    expect(visible).toContain('account prize.evil.example.');
  });
});
