import { ADMIN_USAGE, describeFailure, runAdminCommand } from '../adapters/cli/admin-commands';
import { UsageError } from '../adapters/cli/usage-error';
import { createSandboxAccountStore } from '../adapters/persistence/repositories/mikro-orm-sandbox-account-store';
import { createSandboxBalance } from '../adapters/persistence/repositories/mikro-orm-sandbox-balance';
import { DatabaseInUseError } from '../adapters/persistence/embedded-lock';
import { SchemaBehindError } from '../adapters/persistence/schema-version';
import { ConfigError, readConfig, readOperatorName, resolveSessionSecret, type Env } from './config';
import { createPayments } from './payment-gateway';
import { openInfrastructure } from './container';

export interface AdminCliIo {
  /** The environment the configuration is read from, as the server reads it. */
  env: Env;
  /** A line for standard output. */
  out: (line: string) => void;
  /** A line for standard error. */
  err: (line: string) => void;
  /** Asks the operator at the terminal; absent when standard input is none (a script). */
  confirm?: (question: string) => Promise<boolean>;
}

/**
 * `npm run admin`: runs one command against the database the configuration names, and answers
 * the process's exit code: 0 done, 1 for a command that failed or found differences, 2 for a
 * command line that was wrong, as shells' own commands do.
 */
export async function runAdminCli(argv: string[], io: AdminCliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    const known =
      error instanceof ConfigError || error instanceof DatabaseInUseError || error instanceof SchemaBehindError
        ? error.message
        : describeFailure(error);
    io.err(known ?? `The command failed: ${String(error)}`);
    return error instanceof UsageError || (error as { code?: unknown }).code?.toString().startsWith('ERR_PARSE_ARGS') ? 2 : 1;
  }
}

async function run(argv: string[], io: AdminCliIo): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    io.out(ADMIN_USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  const config = readConfig(io.env);
  // A new release's CLI must never change the schema under the running fleet: `npm run migrate` does.
  const infrastructure = await openInfrastructure(config, {
    migrate: false,
    onNewerSchema: (unknown) =>
      io.err(`Warning: the database has had migrations this release does not know (${unknown.join(', ')}); a newer release migrated it.`),
  });
  try {
    await runAdminCommand(argv, infrastructure.repositories, {
      out: io.out,
      actor: { userId: null, label: `cli:${readOperatorName(io.env)}` },
      clock: { now: () => new Date() },
      supportEmail: config.support.email,
      appUrl: config.publicUrl,
      ...(io.confirm ? { confirm: io.confirm } : {}),
      // The provider as the server has it; opened only for the commands that ask it.
      gateway: async () =>
        (
          await createPayments(
            config,
            resolveSessionSecret(config),
            createSandboxAccountStore(infrastructure.orm),
            createSandboxBalance(infrastructure.orm),
          )
        ).gateway,
    });
    return 0;
  } finally {
    await infrastructure.close();
  }
}
