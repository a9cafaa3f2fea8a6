import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BuildInfo {
  version: string;
  commit: string;
}

/**
 * Which release this is, for registry_build_info: the package's version, and the commit the build
 * named (GIT_COMMIT or BUILD_COMMIT, set where the image or build is made), else the checkout's
 * own when it is one and git is there, else "unknown".
 */
export function readBuildInfo(projectRoot: string, configuredCommit: string | null): BuildInfo {
  return { version: packageVersion(projectRoot), commit: configuredCommit ?? checkoutCommit(projectRoot) ?? 'unknown' };
}

function packageVersion(projectRoot: string): string {
  try {
    const { version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

function checkoutCommit(projectRoot: string): string | null {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 2_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return /^[0-9a-f]{7,40}$/.test(commit) ? commit : null;
  } catch {
    return null;
  }
}

/**
 * The release of the server module at moduleUrl: a build (dist/app/server.js) names its own in the
 * build-info.json beside it, written by `npm run build`; from source (tsx, the tests) the checkout
 * one folder up is read.
 */
export function readReleaseInfo(moduleUrl: string, configuredCommit: string | null): BuildInfo {
  if (!moduleUrl.endsWith('.ts')) {
    try {
      const built = JSON.parse(readFileSync(fileURLToPath(new URL('../build-info.json', moduleUrl)), 'utf8')) as {
        version?: unknown;
        commit?: unknown;
      };
      const commit = configuredCommit ?? (typeof built.commit === 'string' && built.commit ? built.commit : 'unknown');
      return { version: typeof built.version === 'string' ? built.version : 'unknown', commit };
    } catch {
      // A build without its info file (made by hand): the working folder is the checkout.
      return readBuildInfo(process.cwd(), configuredCommit);
    }
  }
  return readBuildInfo(fileURLToPath(new URL('..', moduleUrl)), configuredCommit);
}
