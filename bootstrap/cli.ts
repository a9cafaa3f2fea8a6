import { createInterface } from 'node:readline/promises';
import { runAdminCli } from './admin-cli';

/** A yes-or-no question at the operator's terminal: only "y" or "yes" says yes. */
async function askAtTerminal(question: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await terminal.question(question)).trim());
  } finally {
    terminal.close();
  }
}

// npm run admin: the process around the admin commands (bootstrap/admin-cli.ts). A question is asked
// only at a terminal; a script without one passes --yes.
process.exit(
  await runAdminCli(process.argv.slice(2), {
    env: process.env,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    ...(process.stdin.isTTY ? { confirm: askAtTerminal } : {}),
  }),
);
