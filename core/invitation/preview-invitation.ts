import type { User } from '../model/user';
import type { Clock } from '../ports/clock';
import type { Repositories } from '../ports/repositories';
import { guestListRegistry } from '../access/guest-access';
import { registryNotFound } from '../access/registry-not-found';
import { invitationEmail } from './invitation-email';
import { draftInvitationSettings } from './invitation-settings';
import { registryLink } from './personal-link';

export interface InvitationPreview {
  /** Whom the preview is addressed to: the first guest not yet invited (else the first on the list), or a stand-in. */
  guestName: string;
  subject: string;
  html: string;
  text: string;
  /** How many guests "Send" would e-mail now: those not yet invited. */
  notYetInvited: number;
}

/** Stands in for a guest while the list is empty. */
const SAMPLE_GUEST = { name: 'Your guest', email: 'guest@example.com' };

/**
 * The invitation the first guest would get, from the draft the family is writing (or, with no
 * draft, the saved settings), with the registry's link standing in for the guest's own. Nothing
 * is stored or sent.
 */
export async function previewInvitation(
  actor: User | null,
  registryId: string,
  draft: unknown,
  ports: { clock: Clock; appUrl: string } & Pick<Repositories, 'registries' | 'invitationSettings' | 'guests' | 'users'>,
): Promise<InvitationPreview> {
  const registry = await guestListRegistry(registryId, actor, ports.registries);
  const hasDraft = draft !== undefined && draft !== null && !(typeof draft === 'object' && Object.keys(draft).length === 0);
  const settings = hasDraft ? await draftInvitationSettings(registry.id, draft) : await ports.invitationSettings.findFor(registry.id);
  const guests = await ports.guests.listByRegistry(registry.id);
  const waiting = guests.filter((guest) => guest.invitedAt === null);
  const guest = waiting[0] ?? guests[0];
  const family = await ports.users.findById(registry.userId);
  if (!family) throw registryNotFound();
  const link = registryLink(ports.appUrl, registry);
  const mail = invitationEmail({
    registry,
    settings,
    family,
    guest: guest ?? SAMPLE_GUEST,
    link,
    appUrl: ports.appUrl,
    now: ports.clock.now(),
  });
  return {
    guestName: (guest ?? SAMPLE_GUEST).name,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    notYetInvited: waiting.length,
  };
}
