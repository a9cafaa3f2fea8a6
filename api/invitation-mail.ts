import { CLOCK_TIME, invitationSettingsSchema, sendInvitationsSchema } from '@core/invitation/invitation-schemas';
import { MAX_INVITATION_MESSAGE_LENGTH, MAX_PLACE_LENGTH, REMINDER_DAY_CHOICES } from '@core/model/invitation-settings';
import { count, exactObject, nullableInstant, text, type Wire } from './json-schema';
import { operation } from './operation';

/** The family's invitation settings; the defaults (no message, time or place, the reminder 7 days before) until saved. */
export const invitationSettingsViewSchema = exactObject({
  message: { type: 'string', maxLength: MAX_INVITATION_MESSAGE_LENGTH },
  startTime: { type: ['string', 'null'], pattern: CLOCK_TIME.source },
  place: { type: ['string', 'null'], maxLength: MAX_PLACE_LENGTH },
  reminderDays: { type: ['integer', 'null'], enum: [...REMINDER_DAY_CHOICES, null] },
  updatedAt: nullableInstant,
});
export type InvitationSettingsView = Wire<typeof invitationSettingsViewSchema>;

/** What the first guest would get: the subject, the HTML and the text, with the registry's link standing in for theirs. */
export const invitationPreviewSchema = exactObject({ guestName: text, subject: text, html: text, text, notYetInvited: count });
export type InvitationPreviewView = Wire<typeof invitationPreviewSchema>;

/** How many invitations were queued, and how many guests were left out (unsubscribed, or their address cannot receive mail). */
export const invitationsSentSchema = exactObject({ queued: count, skipped: count, message: text });
export type InvitationsSentView = Wire<typeof invitationsSentSchema>;

export const invitationMailOperations = [
  operation({
    method: 'GET',
    path: '/api/registries/{id}/invitations/settings',
    operationId: 'getInvitationSettings',
    session: 'required',
    summary: 'The invitation’s message, time, place and reminder choice (owner or co-owner)',
    responses: { 200: { description: 'The settings, or the defaults', schema: invitationSettingsViewSchema } },
  }),
  operation({
    method: 'PUT',
    path: '/api/registries/{id}/invitations/settings',
    operationId: 'saveInvitationSettings',
    session: 'required',
    summary:
      'Replace the invitation’s settings: message (as written, at most 1000 characters), startTime (HH:MM, the family’s local time, or null for all day), place, ' +
      'reminderDays (3, 7 or 14 days before the date, or null: no reminder); a field left out takes its default. Turning the reminder off after it went changes nothing (owner or co-owner)',
    body: invitationSettingsSchema,
    responses: { 200: { description: 'Saved', schema: invitationSettingsViewSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/registries/{id}/invitations/preview',
    operationId: 'previewInvitation',
    session: 'required',
    summary:
      'The invitation e-mail the first guest not yet invited would get with the saved settings, the registry’s link standing in for the guest’s own (owner or co-owner)',
    responses: { 200: { description: 'Subject, HTML and text', schema: invitationPreviewSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/registries/{id}/invitations/preview',
    operationId: 'previewInvitationDraft',
    session: 'required',
    summary: 'The same, from a draft of the settings that is not saved (owner or co-owner)',
    body: invitationSettingsSchema,
    responses: { 200: { description: 'Subject, HTML and text', schema: invitationPreviewSchema } },
  }),
  operation({
    method: 'POST',
    path: '/api/registries/{id}/invitations',
    operationId: 'sendInvitations',
    session: 'required',
    summary:
      'E-mail the invitation: with no body, to every guest on the list not yet invited (409 when all were); with guestIds, to those guests, invited before or not (a resend). ' +
      'A guest not on this registry’s list: 400, naming none. Guests unsubscribed from invitations are skipped. Each invitation carries the guest’s own link and a calendar event. ' +
      'Limited per day per registry (the list once and 25 resends) and per account (1000): past it, 429 (owner or co-owner)',
    body: sendInvitationsSchema,
    responses: { 200: { description: 'Queued and skipped', schema: invitationsSentSchema } },
  }),
];
