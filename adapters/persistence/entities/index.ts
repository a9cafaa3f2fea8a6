import { CharityEntity } from './charity-entity';
import { CharityPayoutEntity } from './charity-payout-entity';
import { GiftEntity } from './gift-entity';
import { RegistryEntity } from './registry-entity';
import { SessionEntity } from './session-entity';
import { ThankYouCardEntity } from './thank-you-card-entity';
import { ThankYouNoteEntity } from './thank-you-note-entity';
import { UserEntity } from './user-entity';
import { RateLimitEntity } from './rate-limit-entity';
import { MailOutboxEntity } from './mail-outbox-entity';

export const ENTITIES = [
  UserEntity,
  SessionEntity,
  CharityEntity,
  RegistryEntity,
  GiftEntity,
  ThankYouCardEntity,
  ThankYouNoteEntity,
  CharityPayoutEntity,
];

/** Tables that are ours but not the business's (no repository reads them). */
export const SUPPORT_ENTITIES = [RateLimitEntity, MailOutboxEntity];
