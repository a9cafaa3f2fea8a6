import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { say } from './report';
import { PROJECT_ROOT } from './service-process';

let built = false;

/**
 * The web app as `npm start` serves it (the browser's bundle and the server's renderer of the guest
 * pages), built afresh once per run: a build left from other code would be measured otherwise.
 */
export function ensureWebBuild(): void {
  if (built) return;
  say('  building the web app');
  const vite = path.join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  for (const args of [['build'], ['build', '--ssr', 'src/entry-server.tsx']]) {
    const build = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'warn'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  built = true;
}
