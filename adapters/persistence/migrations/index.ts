import { Migration20261121000000Initial } from './Migration20261121000000Initial';
import { Migration20261121070000RegistrySearch } from './Migration20261121070000RegistrySearch';
import { Migration20261121080000MailOutbox } from './Migration20261121080000MailOutbox';
import { Migration20261121083836ClosingAndPayouts } from './Migration20261121083836ClosingAndPayouts';
import { Migration20261123191659ExpiredGifts } from './Migration20261123191659ExpiredGifts';
import { Migration20261123201327MailReplyTo } from './Migration20261123201327MailReplyTo';
import { Migration20261123201344UnlistedRegistries } from './Migration20261123201344UnlistedRegistries';
import { Migration20261123220151AccountTokens } from './Migration20261123220151AccountTokens';
import { Migration20261123220605CelebrationType } from './Migration20261123220605CelebrationType';
import { Migration20261123221957ListedNameOrder } from './Migration20261123221957ListedNameOrder';
import { Migration20261123222752NewsletterSubscribers } from './Migration20261123222752NewsletterSubscribers';
import { Migration20261124004805HebrewCalendar } from './Migration20261124004805HebrewCalendar';
import { Migration20261124004853GiftRefunds } from './Migration20261124004853GiftRefunds';
import { Migration20261124004900CoOwners } from './Migration20261124004900CoOwners';
import { Migration20261124004901ThankYouReminders } from './Migration20261124004901ThankYouReminders';
import { Migration20261124005033OfflineGifts } from './Migration20261124005033OfflineGifts';
import { Migration20261124034149RegistryNamePrefixes } from './Migration20261124034149RegistryNamePrefixes';
import { Migration20261125144917RefundsUnderWay } from './Migration20261125144917RefundsUnderWay';
import { Migration20261125150000Ledger } from './Migration20261125150000Ledger';
import { Migration20261125160000FailedPayoutWayOut } from './Migration20261125160000FailedPayoutWayOut';
import { Migration20261125181000Disputes } from './Migration20261125181000Disputes';

/** Every migration, in order. Listed here rather than discovered so the server can run from any folder. */
export const MIGRATIONS = [
  { name: 'Migration20261121000000Initial', class: Migration20261121000000Initial },
  { name: 'Migration20261121070000RegistrySearch', class: Migration20261121070000RegistrySearch },
  { name: 'Migration20261121080000MailOutbox', class: Migration20261121080000MailOutbox },
  { name: 'Migration20261121083836ClosingAndPayouts', class: Migration20261121083836ClosingAndPayouts },
  { name: 'Migration20261123191659ExpiredGifts', class: Migration20261123191659ExpiredGifts },
  { name: 'Migration20261123201327MailReplyTo', class: Migration20261123201327MailReplyTo },
  { name: 'Migration20261123201344UnlistedRegistries', class: Migration20261123201344UnlistedRegistries },
  { name: 'Migration20261123220151AccountTokens', class: Migration20261123220151AccountTokens },
  { name: 'Migration20261123220605CelebrationType', class: Migration20261123220605CelebrationType },
  { name: 'Migration20261123221957ListedNameOrder', class: Migration20261123221957ListedNameOrder },
  { name: 'Migration20261123222752NewsletterSubscribers', class: Migration20261123222752NewsletterSubscribers },
  { name: 'Migration20261124004805HebrewCalendar', class: Migration20261124004805HebrewCalendar },
  { name: 'Migration20261124004853GiftRefunds', class: Migration20261124004853GiftRefunds },
  { name: 'Migration20261124004900CoOwners', class: Migration20261124004900CoOwners },
  { name: 'Migration20261124004901ThankYouReminders', class: Migration20261124004901ThankYouReminders },
  { name: 'Migration20261124005033OfflineGifts', class: Migration20261124005033OfflineGifts },
  { name: 'Migration20261124034149RegistryNamePrefixes', class: Migration20261124034149RegistryNamePrefixes },
  { name: 'Migration20261125144917RefundsUnderWay', class: Migration20261125144917RefundsUnderWay },
  { name: 'Migration20261125150000Ledger', class: Migration20261125150000Ledger },
  { name: 'Migration20261125160000FailedPayoutWayOut', class: Migration20261125160000FailedPayoutWayOut },
  { name: 'Migration20261125181000Disputes', class: Migration20261125181000Disputes },
];
