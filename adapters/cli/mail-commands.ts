import { isSuppressionScope } from '@core/model/suppression';
import type { Repositories } from '@core/ports/repositories';
import type { CliContext } from './cli-context';
import { UsageError } from './usage-error';

export const MAIL_USAGE = `  mail suppressions <address>       why no e-mail, or which e-mail, goes to an address: each suppression's
                                    scope, reason and time
  mail lift <address> [--scope S]   take the address off the suppression list (one scope: all,
                                    non-transactional, thank-you-cards, reminders, invitations,
                                    newsletter), when its owner writes that their mailbox works
                                    or that they want that mail again`;

/** The suppression list's commands (docs/operations.md#bounces-complaints-and-the-suppression-list); false when the words are not one of them. */
export async function mailCommand(
  group: string | undefined,
  action: string | undefined,
  rest: string[],
  repositories: Repositories,
  io: CliContext,
): Promise<boolean> {
  if (group !== 'mail' || (action !== 'suppressions' && action !== 'lift')) return false;
  const [address, ...options] = rest;
  if (!address || !address.includes('@')) throw new UsageError(`Name one e-mail address: mail ${action} <address>`);
  const suppressions = await repositories.mailSuppressions.listFor(address);
  if (action === 'suppressions') {
    if (options.length > 0) throw new UsageError('mail suppressions takes one address');
    if (suppressions.length === 0) io.out(`${address} is on no suppression list: every e-mail goes to it.`);
    for (const { scope, reason, createdAt } of suppressions)
      io.out(`${scope.padEnd(17)}  ${reason.padEnd(11)}  since ${createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    return true;
  }
  let scopes = suppressions.map((suppression) => suppression.scope);
  if (options.length > 0) {
    const [flag, scope, ...more] = options;
    if (flag !== '--scope' || !isSuppressionScope(scope) || more.length > 0)
      throw new UsageError(
        'mail lift <address> takes at most --scope with one of: all, non-transactional, thank-you-cards, reminders, invitations, newsletter',
      );
    scopes = scopes.filter((each) => each === scope);
  }
  for (const scope of scopes) await repositories.mailSuppressions.remove(address, scope);
  io.out(scopes.length === 0 ? `${address} had no such suppression: nothing changed.` : `Lifted ${scopes.join(', ')} for ${address}.`);
  return true;
}
