import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SANDBOX_SUCCESS_CARD } from '../../adapters/payments/sandbox/sandbox-test-cards';
import { atLeast, atMost, record, say } from './report';
import { freePort, PROJECT_ROOT } from './service-process';

const HAPROXY = '/usr/sbin/haproxy';
/**
 * How long each instance keeps serving with its readiness failing (SHUTDOWN_DELAY_S): haproxy,
 * checking every second, needs two. FLEET_SHUTDOWN_DELAY_S=0 shows what a stop without it costs.
 */
const SHUTDOWN_DELAY_S = Number(process.env.FLEET_SHUTDOWN_DELAY_S ?? 5);
const GUESTS = 6;
const READERS = 4;
const SESSION_SECRET = 'fleet-drill-secret-0123456789abcdef0123456789';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The rollout drill of docs/operations.md: two instances on one PostgreSQL behind haproxy with
 * retries off (a request sent to an instance is that instance's to answer), each rolled in turn
 * (SIGTERM, wait for its exit, start its replacement, wait until haproxy sees it healthy) while
 * guests give gifts (create-payment-intent and the sandbox's confirm) and visitors read the
 * registry. Every answer must be the expected one; then the ledger is verified.
 */
export async function fleetBench(): Promise<void> {
  if (!existsSync(HAPROXY)) {
    say(`  skipped: ${HAPROXY} is not installed (apt-get install haproxy); the drill needs a real load balancer with retries off`);
    return;
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `registry_fleet_${process.pid}_${Date.now().toString(36)}`;
  await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const work = mkdtempSync(path.join(tmpdir(), 'registry-fleet-'));
  const instances: Instance[] = [];
  let haproxy: ChildProcess | null = null;
  try {
    const [frontPort, statsPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const front = `http://127.0.0.1:${frontPort}`;
    const env = (port: number) => ({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: front,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, `data-${port}`),
      SESSION_SECRET,
      TRUST_PROXY: 'true',
      // The guest's address (X-Forwarded-For as a CDN sends it), then haproxy's own entry.
      TRUST_PROXY_HOPS: '2',
      SHUTDOWN_DELAY_S: String(SHUTDOWN_DELAY_S),
      LOG_LEVEL: 'warn',
    });
    // The first start migrates the empty database; the second starts on it.
    instances.push(await startInstance('a', portA, env(portA)));
    instances.push(await startInstance('b', portB, env(portB)));

    const config = path.join(work, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig(frontPort, statsPort, [portA, portB]));
    const check = spawnSync(HAPROXY, ['-c', '-f', config], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy refuses its configuration:\n${check.stdout}${check.stderr}`);
    haproxy = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    await waitFor(async () => (await serversUp(statsPort)) === 2, 20_000, 'haproxy to see both instances healthy');

    const registryId = await openRegistry(front);
    const charityId = ((await (await fetch(`${front}/api/charities`)).json()) as { id: string }[])[0]!.id;

    const tally = { requests: 0, failed: 0, giftsPaid: 0, failures: new Map<string, number>() };
    const fail = (what: string) => {
      tally.failed += 1;
      tally.failures.set(what, (tally.failures.get(what) ?? 0) + 1);
    };
    let running = true;
    const ask = async (what: string, url: string, init: RequestInit, expected: number) => {
      tally.requests += 1;
      try {
        const response = await fetch(url, init);
        const body = await response.text();
        if (response.status !== expected) fail(`${what} ${response.status}`);
        return response.status === expected ? body : null;
      } catch (error) {
        fail(`${what} ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`);
        return null;
      }
    };
    const guest = async (index: number) => {
      for (let gift = 0; running; gift += 1) {
        const headers = { 'Content-Type': 'application/json', Origin: front, 'X-Forwarded-For': `198.51.${index}.${(gift % 250) + 1}` };
        const started = await ask(
          'create-payment-intent',
          `${front}/api/create-payment-intent`,
          {
            method: 'POST',
            headers,
            body: JSON.stringify({
              registryId,
              charityId,
              giftGiverName: `Guest ${index}`,
              giftGiverEmail: `guest${index}-${gift}@example.com`,
              amount: 18,
              personalMessage: '',
            }),
          },
          201,
        );
        if (!started) continue;
        const { clientSecret } = JSON.parse(started) as { clientSecret: string };
        const paid = await ask(
          'sandbox confirm',
          `${front}/api/sandbox/confirm`,
          { method: 'POST', headers, body: JSON.stringify({ clientSecret, cardNumber: SANDBOX_SUCCESS_CARD }) },
          200,
        );
        if (paid) tally.giftsPaid += 1;
      }
    };
    const reader = async (index: number) => {
      while (running) {
        await ask('registry', `${front}/api/registries/${registryId}`, { headers: { 'X-Forwarded-For': `203.0.113.${index + 1}` } }, 200);
        await ask('config', `${front}/api/config`, { headers: { 'X-Forwarded-For': `203.0.113.${index + 1}` } }, 200);
      }
    };
    const load = [
      ...Array.from({ length: GUESTS }, (_, index) => guest(index)),
      ...Array.from({ length: READERS }, (_, index) => reader(index)),
    ];

    const startedAt = Date.now();
    await sleep(3_000);
    for (const [slot, port] of [
      [0, portA],
      [1, portB],
    ] as const) {
      const old = instances[slot]!;
      const stoppedAt = Date.now();
      const exit = await old.stop();
      say(`  instance ${old.name}: SIGTERM, exited ${exit} after ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s`);
      const replacement = await startInstance(`${old.name}2`, port, env(port));
      instances[slot] = replacement;
      await waitFor(async () => (await serversUp(statsPort)) === 2, 30_000, 'haproxy to see the new instance healthy');
      say(`  instance ${replacement.name} healthy in haproxy ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s after the SIGTERM`);
      await sleep(3_000);
    }
    running = false;
    await Promise.all(load);
    const seconds = (Date.now() - startedAt) / 1000;

    const succeeded = await withClient(databaseUrl, async (client) =>
      Number((await client.query("select count(*) from gifts where payment_status = 'succeeded'")).rows[0].count),
    );
    const ledger = spawnSync(process.execPath, ['--import', 'tsx', 'bootstrap/cli.ts', 'ledger', 'verify'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, SESSION_SECRET },
      encoding: 'utf8',
    });

    say(
      `  ${tally.requests} requests in ${seconds.toFixed(0)} s through haproxy (retries 0, no redispatch), two rolling restarts, SHUTDOWN_DELAY_S=${SHUTDOWN_DELAY_S}`,
    );
    for (const [what, count] of tally.failures) say(`    failed: ${count} × ${what}`);
    record('requests answered through haproxy', tally.requests, 'requests');
    record('failed answers during the rollout', tally.failed, 'answers', atMost(0));
    record('gifts paid, as the guests were told', tally.giftsPaid, 'gifts', atLeast(1));
    record('gifts succeeded in the database, beyond those confirmed', Math.abs(succeeded - tally.giftsPaid), 'gifts', atMost(0));
    say(`  ledger verify (exit ${ledger.status}): ${(ledger.stdout + ledger.stderr).trim().replace(/\n/g, '; ')}`);
    record('ledger verify exit code', ledger.status ?? -1, '', atMost(0));
  } finally {
    haproxy?.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.stop()));
    rmSync(work, { recursive: true, force: true });
    await withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

interface Instance {
  name: string;
  /** SIGTERM; resolves with the exit code once the process has exited. */
  stop: () => Promise<number | null>;
}

async function startInstance(name: string, port: number, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bootstrap/server.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`instance ${name} exited with ${child.exitCode}:\n${tail}`);
      return (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok === true;
    },
    120_000,
    `instance ${name} to answer`,
  );
  return {
    name,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** retries 0 and no redispatch: a request an instance drops is a failed answer, as the operator measured. */
function haproxyConfig(frontPort: number, statsPort: number, ports: number[]): string {
  return `global
  maxconn 512

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  retries 0
  no option redispatch
  option forwardfor

frontend registry
  bind 127.0.0.1:${frontPort}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
${ports.map((port, index) => `  server i${index} 127.0.0.1:${port} check`).join('\n')}

frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

/** How many instances haproxy now counts as up (its stats page as CSV). */
async function serversUp(statsPort: number): Promise<number> {
  const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`).catch(() => null))?.text();
  if (!csv) return 0;
  return csv.split('\n').filter((line) => line.startsWith('instances,i') && line.split(',')[17] === 'UP').length;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(200)) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** An owner and one open registry, through the front door. */
async function openRegistry(front: string): Promise<string> {
  const headers = { 'Content-Type': 'application/json', Origin: front, 'X-Forwarded-For': '192.0.2.10' };
  const id = Date.now().toString(36);
  const signup = await fetch(`${front}/api/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      firstName: 'Sarah',
      lastName: 'Cohen',
      email: `fleet-${id}@example.com`,
      username: `fleet${id}`,
      password: 'correct-horse',
    }),
  });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
  const cookie = signup.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const created = await fetch(`${front}/api/registries`, {
    method: 'POST',
    headers: { ...headers, Cookie: cookie },
    body: JSON.stringify({
      childName: 'Noah Cohen',
      celebrationDate: '2027-05-16T00:00:00.000Z',
      currency: 'USD',
      personalMessage: 'Thank you!',
      photoUrl: null,
      preferredCharityId: '',
      allowCharityChoice: true,
    }),
  });
  if (created.status !== 201) throw new Error(`registry not created: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { id: string }).id;
}
