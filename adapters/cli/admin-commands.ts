import { parseArgs } from 'node:util';
import { promoteUser } from '@core/account/promote-user';
import { addCharity } from '@core/charity/add-charity';
import { isDomainError } from '@core/errors';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import type { CliContext } from './cli-context';
import { payoutCommand } from './payout-commands';
import { LedgerDisagrees, ledgerCommand } from './ledger-commands';
import { requireId, UsageError } from './usage-error';
import { mailCommand, MAIL_USAGE } from './mail-commands';

export const ADMIN_USAGE = `Usage: npm run admin -- <command>

  users promote <username>          make an account an administrator
  charities list                    every charity, active or not, with its id
  charities add --name N --description D --category C [--website URL] [--image-url URL]
                                    categories: community, healthcare, civil-rights,
                                    environmental, education, veterans, other
  charities deactivate <id>         stop offering a charity to new gifts
  charities activate <id>           offer it again

  charity-payouts list              what each charity is owed (pending or being sent) and every payout made
  charity-payouts claim <id>        claim a charity payout before paying it: its amount is fixed and
                                    everyone sees you are sending it
  charity-payouts release <id> [--yes]
                                    give the claim back, unpaid (yours, or a stale one of another's:
                                    asked first, unless --yes)
  charity-payouts complete <id> --method M --reference R [--notes N] [--amount A]
                                    record that a charity payout was paid (claimed for you if
                                    nobody holds it); with --amount, refuse if the amount owed is
                                    no longer A
  manual-payouts list               PayPal and check payouts to families, pending and sent
  manual-payouts claim <registry-id>
                                    claim the family's payout before sending it
  manual-payouts release <registry-id> [--yes]
                                    give the claim back, unsent (another's: asked first, unless --yes)
  manual-payouts complete <registry-id> --reference R
                                    record that the family's PayPal payment or check was sent, with
                                    its PayPal transaction id or check number (claimed for you if
                                    nobody holds it)
  audit list [--limit N]            the audit trail of administrators' actions, newest first

  ledger verify                     re-derive every ledger balance from the tables and compare:
                                    one line per currency when all agree, each difference otherwise
                                    (and a non-zero exit)
  ledger balances [--currency USD]  every account of the ledger, per currency
  ledger reconcile --date YYYY-MM-DD
                                    match the payment provider's balance transactions of that
                                    UTC day to the ledger: one line per difference (and a
                                    non-zero exit); new differences are e-mailed to administrators

${MAIL_USAGE}
`;

/** Runs one admin command; throws UsageError for bad words and DomainError for refused actions. */
export async function runAdminCommand(argv: string[], repositories: Repositories & UnitOfWork, io: CliContext): Promise<void> {
  const [group, action, ...rest] = argv;
  if (await payoutCommand(group, action, rest, repositories, io)) return;
  if (await ledgerCommand(group, action, rest, repositories, io)) return;
  if (await mailCommand(group, action, rest, repositories, io)) return;
  if (group === 'users' && action === 'promote') {
    if (rest.length !== 1 || !rest[0]) throw new UsageError('Name exactly one username: users promote <username>');
    const user = await promoteUser(rest[0], repositories);
    io.out(`${user.username} is an administrator. They see the Admin menu after signing in again or reloading.`);
    return;
  }
  if (group === 'charities' && action === 'list') {
    if (rest.length > 0) throw new UsageError('charities list takes no arguments');
    const charities = await repositories.charities.listAll();
    if (charities.length === 0) io.out('No charities yet.');
    for (const charity of charities) {
      io.out(`${charity.id}  ${charity.isActive ? 'active  ' : 'inactive'}  ${charity.category.padEnd(13)}  ${charity.name}`);
    }
    return;
  }
  if (group === 'charities' && action === 'add') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        description: { type: 'string' },
        category: { type: 'string' },
        website: { type: 'string' },
        'image-url': { type: 'string' },
      },
    });
    if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals.join(' ')}`);
    const charity = await addCharity(
      {
        name: values.name,
        description: values.description,
        category: values.category,
        website: values.website ?? null,
        imageUrl: values['image-url'] ?? null,
      },
      repositories,
    );
    io.out(`Added ${charity.name} (${charity.id}).`);
    return;
  }
  if (group === 'charities' && (action === 'deactivate' || action === 'activate')) {
    if (rest.length !== 1) throw new UsageError(`Name exactly one charity id: charities ${action} <id>`);
    const charity = await repositories.charities.setActive(requireId(rest[0], 'charity'), action === 'activate');
    io.out(`${charity.name} is now ${charity.isActive ? 'active' : 'inactive'}.`);
    return;
  }
  throw new UsageError(argv.length === 0 ? 'No command given.' : `Unknown command: ${argv.join(' ')}`);
}

export function describeFailure(error: unknown): string | null {
  if (error instanceof UsageError) return `${error.message}\n\n${ADMIN_USAGE}`;
  if (isDomainError(error) || error instanceof LedgerDisagrees) return error.message;
  const code = (error as { code?: string }).code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) return `${(error as Error).message}\n\n${ADMIN_USAGE}`;
  return null;
}
