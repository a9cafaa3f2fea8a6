import type { InvitationPreviewView, InvitationSettingsView, InvitationsSentView } from '@api/invitation-mail';
import type { InvitationSettings } from '@core/model/invitation-settings';
import type { InvitationPreview } from '@core/invitation/preview-invitation';
import type { InvitationsSent } from '@core/invitation/send-invitations';

export function presentInvitationSettings(settings: InvitationSettings) {
  return {
    message: settings.message,
    startTime: settings.startTime,
    place: settings.place,
    reminderDays: settings.reminderDays,
    updatedAt: settings.updatedAt?.toISOString() ?? null,
  } satisfies InvitationSettingsView;
}

export function presentInvitationPreview(preview: InvitationPreview) {
  return {
    guestName: preview.guestName,
    subject: preview.subject,
    html: preview.html,
    text: preview.text,
    notYetInvited: preview.notYetInvited,
  } satisfies InvitationPreviewView;
}

function sentMessage({ queued, skipped }: InvitationsSent): string {
  const sent = queued === 1 ? '1 invitation is on its way' : `${queued} invitations are on their way`;
  if (skipped === 0) return sent;
  return `${sent}; ${skipped === 1 ? '1 guest was' : `${skipped} guests were`} skipped: unsubscribed from invitations, or their address cannot receive mail`;
}

export function presentInvitationsSent(sent: InvitationsSent) {
  return { queued: sent.queued, skipped: sent.skipped, message: sentMessage(sent) } satisfies InvitationsSentView;
}
