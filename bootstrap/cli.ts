import { runAdminCli } from './admin-cli';

// npm run admin: the process around the admin commands (bootstrap/admin-cli.ts).
process.exit(await runAdminCli(process.argv.slice(2), { env: process.env, out: (line) => console.log(line), err: (line) => console.error(line) }));
