import { CELEBRATION_TYPES } from '@core/model/celebration-title';
import { MAX_PARTY_SIZE } from '@core/model/guest';
import { RSVP_ANSWERS } from '@core/model/guest-rsvp';
import { hebrewDateSchema } from './hebrew-dates';
import { exactObject, flag, instant, nullableText, oneOfValues, text, type Wire } from './json-schema';
import { operation } from './operation';

const partySize = { type: 'integer', minimum: 0, maximum: MAX_PARTY_SIZE } as const;

/** A guest's answer as it stands: how many come (0 for no) and when it was last changed. */
export const rsvpSchema = exactObject({ answer: oneOfValues(RSVP_ANSWERS), partySize, answeredAt: instant });

const photoFocus = { type: 'integer', minimum: 0, maximum: 100 } as const;

/**
 * GET /api/invitations/{token}: what a guest's personal link opens. The registry's public face
 * and the guest's own line, nothing else of the list: no other guest, no gift, no amount.
 */
export const invitationSchema = exactObject({
  registry: exactObject({
    id: text,
    shortCode: text,
    childName: text,
    celebrationType: oneOfValues(CELEBRATION_TYPES),
    celebrationDate: instant,
    hebrewDate: hebrewDateSchema,
    personalMessage: nullableText,
    photoUrl: nullableText,
    photoFocusX: photoFocus,
    photoFocusY: photoFocus,
    /** Whether the registry still takes gifts (it is open). */
    acceptsGifts: flag,
  }),
  guest: exactObject({ name: text, partySize: { type: 'integer', minimum: 1, maximum: MAX_PARTY_SIZE } }),
  /** Null until the guest answers. */
  rsvp: { anyOf: [rsvpSchema, { type: 'null' }] },
  /** The end of the celebration day everywhere on Earth (noon UTC the day after): answers change until then. */
  answerUntil: instant,
  canAnswer: flag,
  /** The starting time the family gave (HH:MM, their local time), or null. */
  startTime: nullableText,
  /** Where the celebration is, as the family wrote it, or null. */
  place: nullableText,
});
export type InvitationView = Wire<typeof invitationSchema>;

/** PUT /api/invitations/{token}/rsvp's body. */
export const rsvpRequestSchema = {
  type: 'object',
  properties: {
    answer: oneOfValues(RSVP_ANSWERS),
    /** 1 to 20 for yes and maybe; 0 or left out for no. */
    partySize,
  },
  required: ['answer'],
  additionalProperties: false,
} as const;
export type RsvpRequest = Wire<typeof rsvpRequestSchema>;

export const invitationOperations = [
  operation({
    method: 'GET',
    path: '/api/invitations/{token}',
    operationId: 'getInvitation',
    session: 'none',
    summary:
      "What a guest's personal link opens, without an account: the celebration, the guest's own name and household, and their answer. " +
      'A link that never was, one whose guest was taken off the list, and one whose registry is gone all answer the same 404',
    responses: { 200: { description: 'The invitation', schema: invitationSchema } },
  }),
  operation({
    method: 'PUT',
    path: '/api/invitations/{token}/rsvp',
    operationId: 'answerInvitation',
    session: 'none',
    summary:
      'The guest answers yes, no or maybe with how many come (partySize 1 to 20 for yes and maybe, 0 or left out for no), or changes the answer. ' +
      'Answers change until the end of the celebration day (answerUntil), then 409; a bad answer is 400 and changes nothing',
    body: rsvpRequestSchema,
    responses: { 200: { description: 'The invitation with the answer recorded', schema: invitationSchema } },
  }),
  operation({
    method: 'POST',
    path: '/i/{token}',
    operationId: 'answerInvitationForm',
    session: 'none',
    summary:
      "The guest page's own form, posted by a browser that runs no script (answer, partySize as application/x-www-form-urlencoded): " +
      'answered 303 back to the page, with ?rsvp=saved, closed, answer or party-size saying how it went',
    bodyFile: 'application/x-www-form-urlencoded',
    responses: { 303: { description: 'Back to the guest page (/i/{token})' } },
  }),
];

/**
 * The query parameter the guest's page is sent back with after its form was posted without script
 * (POST /i/{token}, 303): saved, closed (the day is over), answer or party-size (what to correct).
 */
export const RSVP_PAGE_OUTCOME = 'rsvp';
export const RSVP_PAGE_OUTCOMES = ['saved', 'closed', 'answer', 'party-size'] as const;
export type RsvpPageOutcome = (typeof RSVP_PAGE_OUTCOMES)[number];
