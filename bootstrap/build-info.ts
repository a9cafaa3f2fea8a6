import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

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
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: projectRoot, encoding: 'utf8', timeout: 2_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return /^[0-9a-f]{7,40}$/.test(commit) ? commit : null;
  } catch {
    return null;
  }
}
