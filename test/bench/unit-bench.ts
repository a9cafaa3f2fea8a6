/** The first benchmarks: quick figures measured in this process. */
import { performance } from 'node:perf_hooks';
import { atLeast, atMost, percentile, record as report } from './report';
import { Argon2PasswordHasher } from '../../adapters/security/argon2-password-hasher';
import { RegistryEntity } from '../../adapters/persistence/entities/registry-entity';
import { makeShortCode } from '@core/registry/short-code';
import { giftBreakdown } from '@core/fees';
import { DEFAULT_PROCESSING_RATES } from '../../bootstrap/config';
import { aRegistration } from '../support/builders';
import { HttpClient } from '../support/http-client';
import { startTestServer } from '../support/test-server';

function record(name: string, value: number, unit: string, target: number, higherIsBetter: boolean) {
  report(name, value, unit, higherIsBetter ? atLeast(target) : atMost(target));
}

async function timeEach<T>(count: number, work: (index: number) => Promise<T>): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await work(index);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** Money arithmetic, password hashing and the API called one request at a time, in this process. */
export async function unitBench(): Promise<void> {
  // Money arithmetic runs on every keystroke of the gift form.
  {
    const started = performance.now();
    let checksum = 0;
    for (let amount = 100; amount < 1_000_100; amount += 1) checksum += giftBreakdown(amount, DEFAULT_PROCESSING_RATES.USD).totalAmount;
    const perSecond = 1_000_000 / ((performance.now() - started) / 1000);
    record(`gift breakdowns per second (checksum ${checksum % 97})`, Math.round(perSecond), 'ops/s', 1_000_000, true);
  }

  // Password hashing must be slow for attackers but quick enough for people.
  {
    const hasher = new Argon2PasswordHasher();
    const times = await timeEach(10, () => hasher.hash('correct-horse-battery'));
    record('argon2id hash, median', Math.round(percentile(times, 50)), 'ms', 250, false);
  }

  // The API under sequential load on loopback.
  {
    const server = await startTestServer();
    try {
      const client = new HttpClient(server.url);
      await client.get('/api/charities');
      const charities = await timeEach(200, () => client.get('/api/charities'));
      record('GET /api/charities p95', Number(percentile(charities, 95).toFixed(1)), 'ms', 50, false);
      const registration = aRegistration();
      await client.post('/api/register', registration);
      const me = await timeEach(200, () => client.get('/api/user'));
      record('GET /api/user (signed in) p95', Number(percentile(me, 95).toFixed(1)), 'ms', 30, false);
      const logins = await timeEach(20, () =>
        new HttpClient(server.url).post('/api/login', { username: registration.username, password: registration.password }),
      );
      record('POST /api/login p95', Math.round(percentile(logins, 95)), 'ms', 400, false);

      // Search must stay fast with many families on the platform (the trigram index).
      const owner = (await client.get('/api/user')).json as unknown as { id: string };
      const names = ['Cohen', 'Levi', 'Katz', 'Goldberg', 'Shapiro', 'Friedman', 'Rosen', 'Klein', 'Stern', 'Weiss'];
      const firsts = ['Sarah', 'David', 'Noa', 'Eli', 'Maya', 'Ari', 'Tamar', 'Jonah', 'Leah', 'Ezra'];
      const rows = Array.from({ length: 20_000 }, (_, index) => ({
        userId: owner.id,
        shortCode: makeShortCode((count) => crypto.getRandomValues(new Uint8Array(count))),
        childName: `${firsts[index % 10]} ${names[Math.floor(index / 10) % 10]}${index}`,
        celebrationDate: new Date('2027-05-16T00:00:00Z'),
      }));
      for (let start = 0; start < rows.length; start += 2_000) {
        await server.infrastructure.orm.em.fork().insertMany(RegistryEntity, rows.slice(start, start + 2_000) as never[]);
      }
      // A guest each (a new address): one address meets the search limits after 10.
      const searches = await timeEach(50, (index) =>
        new HttpClient(server.url).get(
          `/api/registries/search?q=${encodeURIComponent(['kat', 'noa levi', 'stern19', 'mayA', 'xyz'][index % 5]!)}`,
        ),
      );
      record('GET /api/registries/search p95 over 20,000 registries', Number(percentile(searches, 95).toFixed(1)), 'ms', 100, false);
      record('server heap after the run', Math.round(process.memoryUsage().heapUsed / 1024 / 1024), 'MiB', 400, false);
    } finally {
      await server.close();
    }
  }
}
