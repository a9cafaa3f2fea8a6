import { userInfo } from 'node:os';
import { ADMIN_USAGE, describeFailure, runAdminCommand } from '../adapters/cli/admin-commands';
import { UsageError } from '../adapters/cli/usage-error';
import { createSandboxAccountStore } from '../adapters/persistence/repositories/mikro-orm-sandbox-account-store';
import { createSandboxBalance } from '../adapters/persistence/repositories/mikro-orm-sandbox-balance';
import { DatabaseInUseError } from '../adapters/persistence/embedded-lock';
import { ConfigError, readConfig, resolveSessionSecret } from './config';
import { createPayments } from './payment-gateway';
import { openInfrastructure } from './container';

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    console.log(ADMIN_USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  const config = readConfig();
  const infrastructure = await openInfrastructure(config);
  try {
    await runAdminCommand(argv, infrastructure.repositories, {
      out: (line) => console.log(line),
      actor: { userId: null, label: `cli:${operatorName()}` },
      clock: { now: () => new Date() },
      supportEmail: config.support.email,
      appUrl: config.publicUrl,
      // The provider as the server has it; opened only for the commands that ask it.
      gateway: async () =>
        (await createPayments(config, resolveSessionSecret(config), createSandboxAccountStore(infrastructure.orm), createSandboxBalance(infrastructure.orm))).gateway,
    });
    return 0;
  } finally {
    await infrastructure.close();
  }
}

/** The operator's login at the server, for the audit trail; SUDO_USER names who used sudo. */
function operatorName(): string {
  const name = process.env.SUDO_USER || process.env.USER || process.env.LOGNAME;
  if (name) return name;
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    const known = error instanceof ConfigError || error instanceof DatabaseInUseError ? error.message : describeFailure(error);
    console.error(known ?? `The command failed: ${String(error)}`);
    // 2 for a command line that was wrong, as shells' own commands do; 1 for a command that failed or found differences.
    process.exit(error instanceof UsageError || (error as { code?: unknown }).code?.toString().startsWith('ERR_PARSE_ARGS') ? 2 : 1);
  },
);
