import type { User } from '../model/user';
import type { Clock } from '../ports/clock';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { InvitationSettings, ReminderDays } from '../model/invitation-settings';
import { guestListRegistry } from '../access/guest-access';
import { refuseUnknownFields, validate } from '../validate';
import { INVITATION_SETTINGS_FIELDS, invitationSettingsSchema } from './invitation-schemas';

/** The registry's invitation settings, for its family alone (the defaults until saved). */
export async function readInvitationSettings(
  actor: User | null,
  registryId: string,
  ports: Pick<Repositories, 'registries' | 'invitationSettings'>,
): Promise<InvitationSettings> {
  const registry = await guestListRegistry(registryId, actor, ports.registries);
  return ports.invitationSettings.findFor(registry.id);
}

/**
 * The family's message, time, place and reminder choice, all replaced at once (a field left out
 * takes its default). Turning the reminder off after it went changes nothing already sent.
 */
export async function saveInvitationSettings(
  actor: User | null,
  registryId: string,
  input: unknown,
  ports: { unitOfWork: UnitOfWork; clock: Clock },
): Promise<InvitationSettings> {
  return ports.unitOfWork.transaction(async ({ registries, invitationSettings }) => {
    const registry = await guestListRegistry(registryId, actor, registries);
    return invitationSettings.save(await draftInvitationSettings(registry.id, input), ports.clock.now());
  });
}

/** A draft of the settings, for a preview: read as a save would, stored nowhere. */
export async function draftInvitationSettings(registryId: string, input: unknown): Promise<Omit<InvitationSettings, 'updatedAt'>> {
  refuseUnknownFields(input, INVITATION_SETTINGS_FIELDS);
  const valid = await validate(invitationSettingsSchema, input);
  return {
    registryId,
    message: valid.message,
    startTime: valid.startTime ?? null,
    place: valid.place ?? null,
    reminderDays: (valid.reminderDays ?? null) as ReminderDays | null,
  };
}
