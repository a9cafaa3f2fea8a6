// npm start, npm run admin and npm run migrate: the compiled entry (dist/app/<entry>.js) run in this
// very process, with plain node. npm starts it through `exec`, so npm's child is this process and
// the SIGTERM npm passes on reaches the server itself, which drains and exits (a shell or tsx in
// between was left running, orphaned). A checkout with no build yet is built once, first; a build
// that exists is never rebuilt here, since other instances may be serving from it (npm run build).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ENTRIES = ['server', 'cli', 'migrate'];
const entry = process.argv[2];
if (!ENTRIES.includes(entry)) {
  console.error(`usage: node scripts/launch.mjs ${ENTRIES.join('|')} [arguments]`);
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const compiled = fileURLToPath(new URL(`../dist/app/${entry}.js`, import.meta.url));

if (!existsSync(compiled)) {
  if (!existsSync(new URL('../node_modules/vite/package.json', import.meta.url))) {
    console.error(
      'There is no build (dist/app), and this install cannot make one (no dev dependencies): run `npm ci && npm run build` first.',
    );
    process.exit(1);
  }
  console.error('No build yet: building it once (npm run build; afterwards, after changing the code, run it again) …');
  const npm = process.env.npm_execpath;
  const built = npm
    ? spawnSync(process.execPath, [npm, 'run', '--silent', 'build'], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
} else if (entry === 'server') {
  warnIfStale();
}

// The entry reads its arguments from process.argv.slice(2), as when run as `node dist/app/<entry>.js`.
process.argv.splice(2, 1);
await import(pathToFileURL(compiled).href);

/** A build of another commit than the checkout's still starts (it is what was built), with a word about it. */
function warnIfStale() {
  try {
    const built = JSON.parse(readFileSync(new URL('../dist/build-info.json', import.meta.url), 'utf8')).commit;
    const head = spawnSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).stdout?.trim();
    if (head && built && !String(built).startsWith(head))
      console.error(
        `Note: the build in dist/ is of commit ${String(built).slice(0, 12)}, the checkout is at ${head.slice(0, 12)}: run npm run build to serve the checkout's code.`,
      );
  } catch {
    // No git, or no build information: nothing to compare.
  }
}
