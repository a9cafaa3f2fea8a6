import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Whether this machine can pin processes to cores (Linux's taskset). */
const canPin = spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;

/**
 * On a machine with at least two cores, the load generator (this process) keeps core 0 and each
 * server runs on core 1, so a server's CPU is its own and the two do not steal from each other.
 */
export function pinLoadGenerator(): void {
  if (canPin) spawnSync('taskset', ['-pc', '0', String(process.pid)], { stdio: 'ignore' });
}

/**
 * Starts a browser with every core, as a phone's browser has its own: the load generator leaves
 * its own pin while the browser (and the processes it forks later) is started, then takes it back.
 */
export async function unpinnedWhileStarting<T>(start: () => Promise<T>): Promise<T> {
  if (!canPin) return start();
  spawnSync('taskset', ['-pc', `0-${Math.max(1, availableParallelism() - 1)}`, String(process.pid)], { stdio: 'ignore' });
  try {
    return await start();
  } finally {
    pinLoadGenerator();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServiceProcess {
  name: string;
  url: string;
  pid: number;
  /** Resident memory of the process now, in MiB (Linux /proc; 0 elsewhere). */
  rssMiB: () => number;
  /** CPU seconds (user + system) the process has used so far (Linux /proc; 0 elsewhere). */
  cpuSeconds: () => number;
  stop: () => Promise<void>;
}

function readRssMiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

function readCpuSeconds(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces, so split after its closing bracket).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`did not answer within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts a TypeScript entry point as a process of its own (one Node process: tsx is loaded as an
 * import hook, not as a wrapper process), so its memory and CPU can be read, and waits until its
 * /api/health answers. Its output is kept (the last lines appear in any error) but not printed.
 */
export async function startService(
  name: string,
  entry: string,
  env: Record<string, string>,
  options: { nodeOptions?: string[]; timeoutMs?: number } = {},
): Promise<ServiceProcess> {
  const port = await freePort();
  const command = [process.execPath, ...(options.nodeOptions ?? []), '--import', 'tsx', entry];
  const [file, ...args] = canPin ? ['taskset', '-c', '1', ...command] : command;
  const child = spawn(file!, args, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  try {
    await waitUntilAnswering(url, child, () => tail, options.timeoutMs ?? 120_000);
  } catch (error) {
    await stop();
    throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
  }
  const pid = child.pid!;
  return { name, url, pid, rssMiB: () => readRssMiB(pid), cpuSeconds: () => readCpuSeconds(pid), stop };
}
