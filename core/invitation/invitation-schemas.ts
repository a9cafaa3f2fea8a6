import * as yup from 'yup';
import { hasControlCharacters, hasDirectionControls } from '../control-characters';
import { refuseUnsafeNameCharacters } from '../name-characters';
import { DEFAULT_REMINDER_DAYS, MAX_INVITATION_MESSAGE_LENGTH, MAX_PLACE_LENGTH, REMINDER_DAY_CHOICES } from '../model/invitation-settings';
import { MAX_GUESTS_PER_REGISTRY } from '../model/guest';

/** "HH:MM" on a 24-hour clock, as a browser's time field sends it. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Line breaks are the family's paragraphs; any other control character, or one that turns the text around, is refused. */
const message = yup
  .string()
  .max(MAX_INVITATION_MESSAGE_LENGTH, `The message must be at most ${MAX_INVITATION_MESSAGE_LENGTH} characters`)
  .test(
    'plain-text',
    'The message cannot contain control characters',
    (value) => !value || (!hasControlCharacters(value.replace(/\r?\n/g, '')) && !hasDirectionControls(value)),
  )
  .transform((value: string) => value.replace(/\r\n?/g, '\n').trim())
  .default('');

/** The invitation's settings as the family's dialog sends them (PUT …/invitations/settings), each field optional. */
export const invitationSettingsSchema = yup.object({
  message,
  startTime: yup
    .string()
    .nullable()
    .default(null)
    .transform((value: string | null) => (value === '' ? null : value))
    .matches(CLOCK_TIME, { message: 'The time must be HH:MM, as 10:30 or 18:00', excludeEmptyString: true }),
  place: refuseUnsafeNameCharacters(
    yup.string().trim().max(MAX_PLACE_LENGTH, `The place must be at most ${MAX_PLACE_LENGTH} characters`),
    'The place',
  )
    .nullable()
    .default(null)
    .transform((value: string | null) => (value === '' ? null : value)),
  reminderDays: yup
    .number()
    .nullable()
    .default(DEFAULT_REMINDER_DAYS)
    .oneOf([...REMINDER_DAY_CHOICES, null], `The reminder goes ${REMINDER_DAY_CHOICES.join(', ')} days before the date, or is off (null)`),
});
export type InvitationSettingsInput = yup.InferType<typeof invitationSettingsSchema>;
export const INVITATION_SETTINGS_FIELDS = ['message', 'startTime', 'place', 'reminderDays'] as const;

/** POST …/invitations: no body (every guest not yet invited), or the guests to send to, invited before or not. */
export const sendInvitationsSchema = yup.object({
  guestIds: yup
    .array(yup.string().required())
    .min(1, 'Choose at least one guest')
    .max(MAX_GUESTS_PER_REGISTRY, `At most ${MAX_GUESTS_PER_REGISTRY} guests at a time`),
});
