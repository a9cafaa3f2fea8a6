import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as bundle } from 'esbuild';
import { build as viteBuild } from 'vite';

/**
 * npm run build (docs/adr/0020-the-server-compiled-by-esbuild.md): the browser bundle (dist/web),
 * the guest pages' renderer (dist/server) and the server, admin CLI and migration step compiled
 * ahead of time (dist/app), into a fresh folder under .build/. dist is a link to it, replaced in
 * one rename only once the whole build is there, so no instance ever sees half a build, and
 * instances still running keep the folder they started from (the last KEPT_BUILDS are kept).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const builds = path.join(root, '.build');
const dist = path.join(root, 'dist');
const KEPT_BUILDS = 3;

const startedAt = new Date();
const id = `${startedAt.toISOString().replace(/\D/g, '').slice(0, 14)}-${process.pid}`;
const next = path.join(builds, id);
mkdirSync(next, { recursive: true });

try {
  const configFile = path.join(root, 'vite.config.ts');
  await viteBuild({ configFile, logLevel: 'warn', build: { outDir: path.join(next, 'web') } });
  await viteBuild({ configFile, logLevel: 'warn', build: { ssr: 'src/entry-server.tsx', outDir: path.join(next, 'server') } });
  await bundle({
    absWorkingDir: root,
    entryPoints: { server: 'bootstrap/server.ts', cli: 'bootstrap/cli.ts', migrate: 'bootstrap/migrate.ts' },
    outdir: path.join(next, 'app'),
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // The libraries stay in node_modules, loaded as they are (PGlite, sharp and argon2 find their
    // WebAssembly and native files beside themselves); only our own TypeScript is compiled.
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  writeFileSync(
    path.join(next, 'build-info.json'),
    `${JSON.stringify({ version: packageVersion(), commit: commitOf(), builtAt: startedAt.toISOString() }, null, 2)}\n`,
  );
} catch (error) {
  rmSync(next, { recursive: true, force: true });
  throw error;
}

// A dist folder of an older checkout (built in place) is moved aside once, as a build of its own.
if (existsSync(dist) && !lstatSync(dist).isSymbolicLink()) renameSync(dist, path.join(builds, `${id}-before`));
const link = path.join(root, `.dist-${id}`);
symlinkSync(path.relative(root, next), link);
renameSync(link, dist);

for (const old of readdirSync(builds).sort().reverse().slice(KEPT_BUILDS)) rmSync(path.join(builds, old), { recursive: true, force: true });
console.log(`Built ${path.relative(root, next)} in ${((Date.now() - startedAt.getTime()) / 1000).toFixed(1)} s; dist now links to it`);

function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The commit built, when the source is a git checkout (a container build's context has none). */
function commitOf(): string {
  if (process.env.BUILD_COMMIT) return process.env.BUILD_COMMIT;
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return 'unknown';
  }
}
