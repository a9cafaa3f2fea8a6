import { strToU8, zipSync } from 'fflate';
import type { AccountExportWire } from '@api/account';
import { toWireAmount } from '@api/amount';
import type { AccountExport } from '@core/account/account-export';
import type { ExportFile, ExportFormat } from '@core/model/account-export-request';
import { centsToDecimalString, type Cents } from '@core/money';
import { csvText } from './csv';

function iso(date: Date): string;
function iso(date: Date | null): string | null;
function iso(date: Date | null): string | null {
  return date?.toISOString() ?? null;
}
function amount(cents: Cents): number;
function amount(cents: Cents | null): number | null;
function amount(cents: Cents | null): number | null {
  return cents === null ? null : toWireAmount(cents);
}

/** The export as JSON: amounts as the API writes them (36.5 is $36.50), instants in ISO 8601. */
export function accountExportJson(data: AccountExport): AccountExportWire {
  return {
    exportedAt: data.exportedAt.toISOString(),
    profile: {
      ...data.profile,
      createdAt: iso(data.profile.createdAt),
      bankAccountVerifiedAt: iso(data.profile.bankAccountVerifiedAt),
      deletionScheduledFor: iso(data.profile.deletionScheduledFor),
    },
    registries: data.registries.map((registry) => ({
      ...registry,
      celebrationDate: iso(registry.celebrationDate),
      totalReceived: amount(registry.totalReceived),
      closedAt: iso(registry.closedAt),
      createdAt: iso(registry.createdAt),
    })),
    gifts: data.gifts.map((gift) => ({
      ...gift,
      amount: amount(gift.amount),
      childAmount: amount(gift.childAmount),
      charityAmount: amount(gift.charityAmount),
      platformFee: amount(gift.platformFee),
      processingFee: amount(gift.processingFee),
      createdAt: iso(gift.createdAt),
    })),
    giftsByHand: data.giftsByHand.map((gift) => ({ ...gift, amount: amount(gift.amount), createdAt: iso(gift.createdAt) })),
    thankYouNotes: data.thankYouNotes.map((note) => ({ ...note, sentAt: iso(note.sentAt), updatedAt: iso(note.updatedAt) })),
    cardsForAll: data.cardsForAll.map((card) => ({ ...card, createdAt: iso(card.createdAt) })),
    payouts: data.payouts.map((payout) => ({
      ...payout,
      payoutAmount: amount(payout.payoutAmount),
      charityPayoutAmount: amount(payout.charityPayoutAmount),
      closedAt: iso(payout.closedAt),
      sentAt: iso(payout.sentAt),
      charityShares: payout.charityShares.map((share) => ({ ...share, amount: amount(share.amount) })),
    })),
    coOwnerships: data.coOwnerships.map((share) => ({
      ...share,
      invitationsWaiting: share.invitationsWaiting.map((invitation) => ({ ...invitation, expiresAt: iso(invitation.expiresAt) })),
    })),
  };
}

const text = (value: string | number | boolean | Date | null) =>
  value === null ? '' : value instanceof Date ? value.toISOString() : String(value);
const decimal = (cents: Cents | null) => (cents === null ? '' : centsToDecimalString(cents));

/** One CSV per kind of record, each with a header row; amounts as exact decimals (36.50). */
export function accountExportCsvFiles(data: AccountExport): Record<string, string> {
  const { profile } = data;
  return {
    'profile.csv': csvText([
      [
        'id',
        'username',
        'email',
        'first_name',
        'last_name',
        'created_at',
        'bank_account_status',
        'bank_account_verified_at',
        'deletion_scheduled_for',
      ],
      [
        profile.id,
        profile.username,
        profile.email,
        text(profile.firstName),
        text(profile.lastName),
        text(profile.createdAt),
        text(profile.bankAccountStatus),
        text(profile.bankAccountVerifiedAt),
        text(profile.deletionScheduledFor),
      ],
    ]),
    'registries.csv': csvText([
      [
        'id',
        'role',
        'short_code',
        'child_name',
        'celebration_type',
        'celebration_date',
        'personal_message',
        'photo_url',
        'preferred_charity',
        'allow_charity_choice',
        'unlisted',
        'currency',
        'status',
        'total_received',
        'payout_method',
        'paypal_email',
        'mailing_name',
        'mailing_address',
        'mailing_city',
        'mailing_state',
        'mailing_zip',
        'mailing_country',
        'closed_at',
        'created_at',
      ],
      ...data.registries.map((registry) => [
        registry.id,
        registry.role,
        registry.shortCode,
        registry.childName,
        registry.celebrationType,
        text(registry.celebrationDate),
        text(registry.personalMessage),
        text(registry.photoUrl),
        text(registry.preferredCharity),
        text(registry.allowCharityChoice),
        text(registry.unlisted),
        registry.currency,
        registry.status,
        decimal(registry.totalReceived),
        text(registry.payoutMethod),
        text(registry.paypalEmail),
        text(registry.mailingName),
        text(registry.mailingAddress),
        text(registry.mailingCity),
        text(registry.mailingState),
        text(registry.mailingZip),
        text(registry.mailingCountry),
        text(registry.closedAt),
        text(registry.createdAt),
      ]),
    ]),
    'gifts.csv': csvText([
      [
        'id',
        'registry_id',
        'giver_name',
        'giver_email',
        'currency',
        'amount',
        'child_amount',
        'charity_amount',
        'platform_fee',
        'processing_fee',
        'charity',
        'personal_message',
        'payment_status',
        'created_at',
      ],
      ...data.gifts.map((gift) => [
        gift.id,
        gift.registryId,
        gift.giverName,
        gift.giverEmail,
        gift.currency,
        decimal(gift.amount),
        decimal(gift.childAmount),
        decimal(gift.charityAmount),
        decimal(gift.platformFee),
        decimal(gift.processingFee),
        gift.charity,
        text(gift.personalMessage),
        gift.paymentStatus,
        text(gift.createdAt),
      ]),
    ]),
    'gifts-by-hand.csv': csvText([
      ['id', 'registry_id', 'giver_name', 'giver_email', 'currency', 'amount', 'method', 'received_on', 'note', 'created_at'],
      ...data.giftsByHand.map((gift) => [
        gift.id,
        gift.registryId,
        gift.giverName,
        text(gift.giverEmail),
        gift.currency,
        decimal(gift.amount),
        gift.method,
        gift.receivedOn,
        text(gift.note),
        text(gift.createdAt),
      ]),
    ]),
    'thank-you-cards.csv': csvText([
      [
        'id',
        'registry_id',
        'gift_id',
        'given_by_hand',
        'giver_name',
        'template',
        'message',
        'image_urls',
        'image_size',
        'status',
        'sent_at',
        'updated_at',
      ],
      ...data.thankYouNotes.map((note) => [
        note.id,
        note.registryId,
        note.giftId,
        text(note.byHand),
        note.giverName,
        note.templateId,
        note.message,
        note.imageUrls.join(' '),
        note.imageSize,
        note.status,
        text(note.sentAt),
        text(note.updatedAt),
      ]),
      ...data.cardsForAll.map((card) => [
        card.id,
        card.registryId,
        '',
        '',
        'Everyone without a card',
        card.templateId,
        card.message,
        card.imageUrls.join(' '),
        card.imageSize,
        'sent',
        text(card.createdAt),
        text(card.createdAt),
      ]),
    ]),
    'payouts.csv': csvText([
      ['registry_id', 'payee', 'currency', 'method', 'amount', 'gift_count', 'status', 'closed_at', 'sent_at', 'reference'],
      ...data.payouts.flatMap((payout) => [
        [
          payout.registryId,
          'family',
          payout.currency,
          text(payout.method),
          decimal(payout.payoutAmount),
          '',
          payout.payoutStatus,
          text(payout.closedAt),
          text(payout.sentAt),
          text(payout.reference),
        ],
        ...payout.charityShares.map((share) => [
          payout.registryId,
          share.charity,
          payout.currency,
          '',
          decimal(share.amount),
          String(share.giftCount),
          '',
          text(payout.closedAt),
          '',
          '',
        ]),
      ]),
    ]),
    'co-ownerships.csv': csvText([
      ['registry_id', 'child_name', 'your_role', 'owner', 'co_owners', 'invitations_waiting'],
      ...data.coOwnerships.map((share) => [
        share.registryId,
        share.childName,
        share.role,
        share.owner,
        share.coOwners.join('; '),
        share.invitationsWaiting.map((invitation) => invitation.email).join('; '),
      ]),
    ]),
  };
}

/** The export's file: one JSON document, or a zip of one CSV per kind of record (each opens in any spreadsheet). */
export function accountExportFile(data: AccountExport, format: ExportFormat): ExportFile {
  const day = data.exportedAt.toISOString().slice(0, 10);
  const base = `mitzvah-gifts-${data.profile.username.replace(/[^A-Za-z0-9_-]+/g, '-')}-${day}`;
  if (format === 'json') {
    return {
      fileName: `${base}.json`,
      contentType: 'application/json; charset=utf-8',
      bytes: strToU8(`${JSON.stringify(accountExportJson(data), null, 2)}\n`),
    };
  }
  const files = Object.fromEntries(
    Object.entries(accountExportCsvFiles(data)).map(([name, csv]) => [`${base}/${name}`, strToU8(`\uFEFF${csv}`)]),
  );
  return { fileName: `${base}.zip`, contentType: 'application/zip', bytes: zipSync(files, { level: 6, mtime: data.exportedAt }) };
}
