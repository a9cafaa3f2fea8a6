import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  /** The answer's Connection header. */
  connection: string | undefined;
  at: number;
  socket: net.Socket;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A keep-alive client: one connection, kept open between requests. */
const keepAliveClient = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

function send(
  agent: http.Agent,
  port: number,
  options: { method: string; path: string; headers?: http.OutgoingHttpHeaders },
  write: (request: http.ClientRequest) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let socket: net.Socket;
    const request = http.request({ host: '127.0.0.1', port, agent, ...options }, (response) => {
      response.resume();
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, at: Date.now(), socket }),
      );
    });
    request.once('socket', (assigned) => (socket = assigned));
    request.once('error', reject);
    write(request);
  });
}

const get = (agent: http.Agent, port: number, path: string) => send(agent, port, { method: 'GET', path }, (request) => request.end());

/** A sign-in whose headers and first bytes are sent, and whose body is finished on request: a request in flight. */
function startSignIn(port: number) {
  const body = JSON.stringify({ username: 'nobody-signs-in', password: 'not-the-password' });
  let finish = () => undefined as unknown;
  const agent = keepAliveClient();
  const answered = send(
    agent,
    port,
    {
      method: 'POST',
      path: '/api/login',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Origin: `http://127.0.0.1:${port}` },
    },
    (request) => {
      request.write(body.slice(0, 10));
      finish = () => request.end(body.slice(10));
    },
  );
  return {
    agent,
    finish: () => {
      finish();
      return answered;
    },
  };
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * How the server is started: as docs/operations.md says to start it in production, as `npm start`
 * (which a newcomer runs, and npm passes the signal on), and from source (`npm run dev`, tsx).
 * The built ones need `npm run build` first (npm test's checks run it).
 */
const START_COMMANDS: { name: string; command: string[]; needsBuild: boolean }[] = [
  { name: 'node dist/app/server.js', command: [process.execPath, 'dist/app/server.js'], needsBuild: true },
  {
    name: 'npm start',
    command: process.env.npm_execpath ? [process.execPath, process.env.npm_execpath, 'start'] : ['npm', 'start'],
    needsBuild: true,
  },
  { name: 'the source under tsx', command: [process.execPath, '--import', 'tsx', 'bootstrap/server.ts'], needsBuild: false },
];

/** Whether any process is left in the process group (the server's own, started detached). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** The server as its own process group, on the embedded database in a folder of its own. */
async function startServerProcess(command: string[], port: number, dataDir: string, env: Record<string, string> = {}) {
  const [file, ...args] = command as [string, ...string[]];
  const child: ChildProcess = spawn(file, args, {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  for (const deadline = Date.now() + 180_000; ; await sleep(200)) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer in time:\n${output}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
  }
  return { child, exited, output: () => output };
}

/** Seconds the instance keeps serving after SIGTERM with its readiness failing (SHUTDOWN_DELAY_S). */
const DELAY_S = 2;

// One data folder for the commands in turn: the first start makes and migrates the database, the
// others open it as a restarted server does.
const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.each(START_COMMANDS)('a deploy: SIGTERM to $name under keep-alive clients', ({ command, needsBuild }) => {
  let port: number;
  let server: Awaited<ReturnType<typeof startServerProcess>>;

  beforeAll(async () => {
    if (needsBuild && !existsSync(path.join(projectRoot, 'dist', 'app', 'server.js')))
      throw new Error('There is no build: run npm run build');
    port = await freePort();
    server = await startServerProcess(command, port, dataDir, { SHUTDOWN_DELAY_S: String(DELAY_S) });
  }, 200_000);
  afterAll(() => {
    if (server?.child.pid && groupAlive(server.child.pid)) process.kill(-server.child.pid, 'SIGKILL');
  });

  it('fails readiness while still serving for SHUTDOWN_DELAY_S, then stops accepting, closes idle connections, answers the requests in flight with Connection: close, and exits 0', async () => {
    // Three clients idle on a connection they keep.
    const idleClosed: Promise<number>[] = [];
    for (let client = 0; client < 3; client += 1) {
      const answer = await get(keepAliveClient(), port, '/api/health/live');
      expect(answer).toMatchObject({ status: 200, connection: 'keep-alive' });
      idleClosed.push(new Promise((resolve) => answer.socket.once('close', () => resolve(Date.now()))));
    }
    // Three clients asking again and again on theirs. One whose connection is closed under it (a
    // reset) tries again on a new one, as browsers do; a connection the kernel had queued when the
    // listener closed is reset too. They stop at the first refusal.
    const loopers = Array.from({ length: 3 }, async () => {
      const agent = keepAliveClient();
      const answers: Answer[] = [];
      let resets = 0;
      for (;;) {
        try {
          answers.push(await get(agent, port, '/api/health/live'));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ECONNRESET' && resets < 3) resets += 1;
          else return { answers, refusedAt: Date.now(), code };
        }
      }
    });
    // Three clients in the middle of a request: headers and part of the body sent.
    const signIns = Array.from({ length: 3 }, () => startSignIn(port));
    await sleep(500);

    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    // Readiness fails at once, so a balancer stops sending; meanwhile everything is still served,
    // on new connections too, and liveness holds (nothing should restart the process).
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status, { timeout: 1_000, interval: 50 }).toBe(503);
    const duringDelay = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await duringDelay.json()).toEqual({ status: 'shutting_down', message: 'This instance is shutting down' });
    expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/config`)).status).toBe(200);
    await sleep(DELAY_S * 1000 - 700);
    expect(Date.now() - signalledAt).toBeLessThan(DELAY_S * 1000);
    expect(await refusesConnections(port)).toBe(false);
    expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(200);

    // Then it stops listening.
    await expect.poll(() => refusesConnections(port), { timeout: 5_000 }).toBe(true);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(DELAY_S * 1000);
    // Idle connections go at once, without waiting for the requests in flight.
    const idleClosedAt = await Promise.all(idleClosed);
    for (const at of idleClosedAt) expect(at - signalledAt).toBeLessThan(DELAY_S * 1000 + 3_000);
    // The repeating clients are served all through the delay, then stopped: told to close, or
    // closed between requests, and then refused.
    for (const looped of await Promise.all(loopers)) {
      expect(looped.code).toBe('ECONNREFUSED');
      expect(looped.refusedAt - signalledAt).toBeGreaterThanOrEqual(DELAY_S * 1000);
      expect(looped.refusedAt - signalledAt).toBeLessThan(DELAY_S * 1000 + 3_000);
      expect(looped.answers.every((answer) => answer.status === 200)).toBe(true);
    }

    // The requests in flight still get their whole answer, each closing its connection.
    const answers = await Promise.all(signIns.map((signIn) => signIn.finish()));
    for (const answer of answers) expect(answer).toMatchObject({ status: 401, connection: 'close' });
    const lastAnswerAt = Math.max(...answers.map((answer) => answer.at));
    // So the same clients asking again find the door shut, rather than answered on their old connection.
    for (const signIn of signIns) {
      expect(
        await get(signIn.agent, port, '/api/health/live').then(
          (answer) => answer.status,
          (error: NodeJS.ErrnoException) => error.code,
        ),
      ).toBe('ECONNREFUSED');
    }

    const exit = await server.exited;
    expect(exit.code, server.output()).toBe(0);
    // Soon after the last answer (closing the embedded database takes seconds on a busy machine),
    // not at the forced exit SHUTDOWN_GRACE_MS after the signal.
    expect(exit.at - lastAnswerAt).toBeLessThan(15_000);
    expect(server.output()).not.toContain('shutdown took too long');
    expect(server.output()).toContain('"msg":"shut down"');
    // Nothing of it is left running: no shell, no compiler, no server orphaned.
    await expect.poll(() => groupAlive(server.child.pid!), { timeout: 2_000 }).toBe(false);
  });
});
