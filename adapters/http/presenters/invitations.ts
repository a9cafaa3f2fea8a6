import type { InvitationView } from '@api/invitations';
import type { GuestInvitation } from '@core/guest/guest-invitation';
import type { GuestRsvp } from '@core/model/guest-rsvp';
import { presentCelebrationHebrewDate } from './hebrew-dates';

export function presentRsvp(rsvp: GuestRsvp | null) {
  return rsvp ? { answer: rsvp.answer, partySize: rsvp.partySize, answeredAt: rsvp.answeredAt.toISOString() } : null;
}

/** Field by field, so nothing of the guest's line or the registry reaches the guest unless named here. */
export function presentInvitation({ guest, registry, answerUntil, canAnswer, startTime, place }: GuestInvitation) {
  return {
    registry: {
      id: registry.id,
      shortCode: registry.shortCode,
      childName: registry.childName,
      celebrationType: registry.celebrationType,
      celebrationDate: registry.celebrationDate.toISOString(),
      hebrewDate: presentCelebrationHebrewDate(registry),
      personalMessage: registry.personalMessage,
      photoUrl: registry.photoUrl,
      photoFocusX: registry.photoFocusX,
      photoFocusY: registry.photoFocusY,
      acceptsGifts: registry.status === 'open',
    },
    guest: { name: guest.name, partySize: guest.partySize },
    rsvp: presentRsvp(guest.rsvp),
    answerUntil: answerUntil.toISOString(),
    canAnswer,
    startTime,
    place,
  } satisfies InvitationView;
}
