import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { describeFailure, runAdminCommand } from '../../adapters/cli/admin-commands';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { readMigrationConfig } from '../../bootstrap/config';
import { totalCharged } from '@core/gift/record-payment';
import type { Currency } from '@core/money';
import { aCharity, aNewGift, aNewRegistry, aNewUser } from '../support/builders';
import { aGiftStart, giftServiceOver } from '../support/gift-world';
import { startTestServer, tempDataDir } from '../support/test-server';
import { createSandboxBalance } from '../../adapters/persistence/repositories/mikro-orm-sandbox-balance';
import { runAdminCli } from '../../bootstrap/admin-cli';
import { runMigrations } from '../../adapters/persistence/migration-run';
import { connectedTo, createTestDatabase, postgresUrl } from '../support/databases';

async function run(
  argv: string[],
  repositories = createInMemoryRepositories(),
  gateway?: InMemoryPaymentGateway,
  options: { confirm?: (question: string) => Promise<boolean>; actor?: string } = {},
) {
  const lines: string[] = [];
  try {
    await runAdminCommand(argv, repositories, {
      out: (line) => lines.push(line),
      actor: { userId: null, label: options.actor ?? 'cli:ops' },
      ...(options.confirm ? { confirm: options.confirm } : {}),
      clock: new FixedClock(),
      supportEmail: 'help@gifts.example.org',
      appUrl: 'https://gifts.example.org',
      ...(gateway ? { gateway: async () => gateway } : {}),
    });
    return { ok: true, lines, repositories };
  } catch (error) {
    return { ok: false, lines, error: describeFailure(error) ?? String(error), repositories };
  }
}

describe('admin commands', () => {
  it('promotes a user to administrator', async () => {
    const repositories = createInMemoryRepositories();
    const user = await repositories.users.create(aNewUser({ username: 'rachel' }));
    const result = await run(['users', 'promote', 'Rachel'], repositories);
    expect(result.ok).toBe(true);
    expect((await repositories.users.findById(user.id))?.isAdmin).toBe(true);
  });

  it('says so when the user does not exist', async () => {
    const result = await run(['users', 'promote', 'nobody']);
    expect(result).toMatchObject({ ok: false, error: 'No user named "nobody"' });
  });

  it('lists, adds, deactivates and reactivates charities', async () => {
    const repositories = createInMemoryRepositories();
    const added = await run(
      [
        'charities',
        'add',
        '--name',
        'Tzedakah Box',
        '--description',
        'Small gifts, big help.',
        '--category',
        'community',
        '--website',
        'https://tzedakah.example',
      ],
      repositories,
    );
    expect(added.ok).toBe(true);
    const [charity] = await repositories.charities.listAll();
    expect(charity).toMatchObject({ name: 'Tzedakah Box', category: 'community', website: 'https://tzedakah.example', isActive: true });
    await run(['charities', 'deactivate', charity!.id], repositories);
    expect(await repositories.charities.listActive()).toHaveLength(0);
    const listed = await run(['charities', 'list'], repositories);
    expect(listed.lines.join('\n')).toContain('inactive');
    await run(['charities', 'activate', charity!.id], repositories);
    expect(await repositories.charities.listActive()).toHaveLength(1);
  });

  it.each([
    [['charities', 'add', '--name', 'X', '--description', 'Y', '--category', 'food'], /Category must be one of/],
    [['charities', 'add', '--name', 'X', '--category', 'other'], /Description is required/],
    [
      ['charities', 'add', '--name', 'X', '--description', 'Y', '--category', 'other', '--website', 'javascript:alert(1)'],
      /Website must be an http\(s\) address/,
    ],
    [['charities', 'add', '--colour', 'red'], /Unknown option/],
    [['charities', 'deactivate', 'not-an-id'], /is not a charity id/],
    [['charities', 'deactivate', '00000000-0000-4000-8000-000000000000'], /Charity not found/],
    [['users', 'promote'], /exactly one username/],
    [['payouts', 'run'], /Unknown command/],
  ])('refuses %j with a clear message and changes nothing', async (argv, message) => {
    const repositories = createInMemoryRepositories();
    await repositories.charities.create(aCharity({ name: 'Existing' }));
    const result = await run(argv, repositories);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(message);
    expect((await repositories.charities.listAll()).map((c) => [c.name, c.isActive])).toEqual([['Existing', true]]);
  });
});

/** A registry closed with a check: its family payout pending, and MAZON's 10% pending. */
async function closedWithCheck() {
  const repositories = createInMemoryRepositories();
  const owner = await repositories.users.create(aNewUser({ email: 'rachel@example.com' }));
  const charity = await repositories.charities.create(aCharity({ name: 'MAZON' }));
  const registry = await repositories.registries.create(aNewRegistry(owner.id, { childName: 'Noa Levi' }));
  await repositories.gifts.create(aNewGift(registry.id, charity.id));
  await repositories.registries.addToTotalReceived(registry.id, 10_000);
  await repositories.registries.update(registry.id, {
    status: 'closed',
    payoutMethod: 'check',
    mailingName: 'Rachel Levi',
    mailingAddress: '12 Elm St',
    mailingCity: 'Teaneck',
    mailingState: 'NJ',
    mailingZip: '07666',
    closedAt: new Date('2026-06-01T12:00:00Z'),
    payoutAmount: 9_000,
    charityPayoutAmount: 1_000,
  });
  const payout = await repositories.charityPayouts.addToPending({
    charityId: charity.id,
    currency: 'USD',
    amount: 1_000,
    giftCount: 1,
    registryId: registry.id,
  });
  return { repositories, registry, payout };
}

describe('payout commands', () => {
  it('reads --amount with the wire’s one reader, before anything is asked: a bad amount is a usage error (exit 2) and changes nothing', async () => {
    const { repositories, payout } = await closedWithCheck();
    await run(['charity-payouts', 'claim', payout.id], repositories);
    for (const amount of ['ten', '9.999', '-10', '']) {
      const result = await run(
        ['charity-payouts', 'complete', payout.id, '--method', 'ACH', '--reference', 'ACH-1', `--amount=${amount}`],
        repositories,
      );
      expect(result).toMatchObject({ ok: false });
      expect(result.error).toContain(`--amount must be an amount such as 10 or 9.99 (got "${amount}")`);
      expect(result.error).toContain('Usage: npm run admin');
    }
    expect(await repositories.charityPayouts.findById(payout.id)).toMatchObject({ status: 'sending' });
    expect(
      await run(['charity-payouts', 'complete', payout.id, '--method', 'ACH', '--reference', 'ACH-1', '--amount', ' 10.00 '], repositories),
    ).toMatchObject({ ok: true });
  });

  it('lists what is owed, claims and completes a charity payout and a family’s check, and writes each step to the audit trail', async () => {
    const { repositories, registry, payout } = await closedWithCheck();
    const listed = await run(['charity-payouts', 'list'], repositories);
    expect(listed.lines.join('\n')).toMatch(new RegExp(`${payout.id}\\s+\\$10\\.00\\s+1 gifts\\s+MAZON`));
    const manual = await run(['manual-payouts', 'list'], repositories);
    expect(manual.lines.join('\n')).toContain('$90.00');
    expect(manual.lines.join('\n')).toContain(
      'Noa Levi: check to Rachel Levi, 12 Elm St, Teaneck, NJ 07666, US (owner rachel@example.com)',
    );

    expect(await run(['charity-payouts', 'claim', payout.id], repositories)).toMatchObject({
      ok: true,
      lines: ["Claimed MAZON's payout of $10.00: you are sending it."],
    });
    expect((await run(['charity-payouts', 'list'], repositories)).lines.join('\n')).toMatch(
      /MAZON {2}\[being sent by ops since \d{4}-\d\d-\d\d \d\d:\d\d UTC\]/,
    );
    const changed = await run(
      ['charity-payouts', 'complete', payout.id, '--method', 'ACH', '--reference', 'ACH-1', '--amount', '9.99'],
      repositories,
    );
    expect(changed.error).toMatch(/amount owed changed/);
    const paid = await run(
      ['charity-payouts', 'complete', payout.id, '--method', 'ACH', '--reference', 'ACH-1', '--notes', 'June batch', '--amount', '10'],
      repositories,
    );
    expect(paid).toMatchObject({ ok: true, lines: ["Marked MAZON's payout of $10.00 completed (ACH, reference ACH-1)."] });
    expect((await run(['manual-payouts', 'complete', registry.id], repositories)).error).toMatch(
      /^Give the PayPal transaction ID or the check number you sent/,
    );
    expect(await run(['manual-payouts', 'claim', registry.id], repositories)).toMatchObject({
      ok: true,
      lines: ['Claimed the payout of $90.00 for Noa Levi: you are sending it.'],
    });
    const sent = await run(['manual-payouts', 'complete', registry.id, '--reference', '1042'], repositories);
    expect(sent).toMatchObject({ ok: true, lines: ['Marked the check of $90.00 for Noa Levi sent (check number 1042).'] });
    expect(await repositories.registries.findById(registry.id)).toMatchObject({ status: 'payout_sent', payoutReference: '1042' });

    const twice = await run(['manual-payouts', 'complete', registry.id, '--reference', '1042'], repositories);
    expect(twice).toMatchObject({ ok: false, error: 'This payout was already marked complete' });
    const audit = await run(['audit', 'list'], repositories);
    expect(audit.lines.filter((line) => /cli:ops {2}(charity|manual)_payout\./.test(line))).toHaveLength(4);
    expect(audit.lines.join('\n')).toContain('"referenceNumber":"ACH-1"');
  });

  it.each([
    [['charity-payouts', 'complete', 'PAYOUT', '--method', 'ACH'], /Reference number is required/],
    [['charity-payouts', 'complete', 'PAYOUT', '--reference', 'R'], /Payment method is required/],
    [['charity-payouts', 'complete', 'PAYOUT', '--method', 'ACH', '--reference', 'R', '--amount', '9.99'], /amount owed changed/],
    [['charity-payouts', 'release', 'PAYOUT'], /Nobody is sending this payout/],
    [['charity-payouts', 'claim'], /exactly one charity payout id/],
    [['manual-payouts', 'claim', '00000000-0000-4000-8000-000000000000'], /Manual payout not found/],
    [['charity-payouts', 'complete', 'PAYOUT', '--method', 'ACH', '--reference', 'R', '--amount', 'ten'], /Amount must be a number/],
    [
      ['charity-payouts', 'complete', 'PAYOUT', '--method', 'ACH', '--reference', 'R', '--amount', '9.999'],
      /--amount must be an amount such as 10 or 9\.99 \(got "9\.999"\): Amount can have at most two decimals/,
    ],
    [['charity-payouts', 'complete', 'PAYOUT', '--method', 'ACH', '--reference', 'R', '--amount=-10'], /Amount cannot be negative/],
    [['charity-payouts', 'complete', 'PAYOUT', '--method', 'ACH', '--reference', 'R', '--amount', '1e1'], /Amount must be a number/],
    [['charity-payouts', 'complete', 'PAYOUT', '--method', 'ACH', '--reference', 'R', '--amount', 'NaN'], /Amount must be a number/],
    [['charity-payouts', 'complete', 'PAYOUT', '--method', 'ACH', '--reference', 'R', '--amount', '10000000000000'], /Amount is too large/],
    [
      ['charity-payouts', 'complete', 'PAYOUT', '--method', 'ACH', '--reference', 'R', '--amount', '100000000'],
      /Amount must be a number with at most two decimals/,
    ],
    [['charity-payouts', 'complete', '--method', 'ACH', '--reference', 'R'], /exactly one charity payout id/],
    [['charity-payouts', 'complete', 'nope', '--method', 'ACH', '--reference', 'R'], /is not a charity payout id/],
    [
      ['charity-payouts', 'complete', '00000000-0000-4000-8000-000000000000', '--method', 'ACH', '--reference', 'R'],
      /Charity payout not found/,
    ],
    [['charity-payouts', 'complete', 'PAYOUT', '--method', 'ACH', '--reference', 'R', '--colour', 'red'], /Unknown option/],
    [['manual-payouts', 'complete'], /exactly one registry id/],
    [['manual-payouts', 'complete', '00000000-0000-4000-8000-000000000000', '--reference', '1042'], /Manual payout not found/],
    [['manual-payouts', 'complete', 'REGISTRY'], /Give the PayPal transaction ID or the check number/],
    [['manual-payouts', 'complete', 'REGISTRY', '--reference', '  '], /Give the PayPal transaction ID or the check number/],
    [['manual-payouts', 'release', 'REGISTRY', '--force'], /Unknown option/],
    [['audit', 'list', '--limit', '0'], /--limit must be/],
  ])('refuses %j with a clear message and changes nothing', async (argv, message) => {
    const { repositories, payout } = await closedWithCheck();
    const { registry } = { registry: (await repositories.registries.listManualPayouts())[0]! };
    const result = await run(
      argv.map((word) => (word === 'PAYOUT' ? payout.id : word === 'REGISTRY' ? registry.id : word)),
      repositories,
    );
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(message);
    expect(await repositories.charityPayouts.findById(payout.id)).toMatchObject({ status: 'pending' });
    expect(await repositories.registries.findById(registry.id)).toMatchObject({ payoutStatus: 'pending', payoutReference: null });
    expect(await repositories.audit.list(10)).toEqual([]);
  });
});

describe('releasing another’s claim at the command line', () => {
  it.each(['manual-payouts', 'charity-payouts'] as const)(
    '%s release asks first, as the screen does; --yes says it for a script; one’s own claim is released at once',
    async (group) => {
      const { repositories, registry, payout } = await closedWithCheck();
      const id = group === 'manual-payouts' ? registry.id : payout.id;
      const status = async () =>
        group === 'manual-payouts'
          ? (await repositories.registries.findById(id))!.payoutStatus
          : (await repositories.charityPayouts.findById(id))!.status;
      expect(await run([group, 'claim', id], repositories, undefined, { actor: 'admin:rachel' })).toMatchObject({ ok: true });

      // No terminal to ask at: nothing is released, and the operator is told how to say it.
      const unasked = await run([group, 'release', id], repositories);
      expect(unasked.ok).toBe(false);
      expect(unasked.error).toMatch(
        /^rachel has been sending this payout since \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Release the claim only if you know the money was not sent.+run it again with --yes/,
      );
      expect(await status()).toBe('sending');

      // Asked, and the answer is no.
      const questions: string[] = [];
      const declined = await run([group, 'release', id], repositories, undefined, {
        confirm: async (question) => (questions.push(question), false),
      });
      expect(declined).toMatchObject({ ok: true, lines: ['Nothing released.'] });
      expect(questions[0]).toMatch(/Release rachel's claim\? \[y\/N\] $/);
      expect(await status()).toBe('sending');

      expect(await run([group, 'release', id], repositories, undefined, { confirm: async () => true })).toMatchObject({
        ok: true,
        lines: [expect.stringMatching(/^Released .+it waits again\.$/)],
      });
      expect(await status()).toBe('pending');

      // A script says it with --yes; the holder releases their own without being asked.
      await run([group, 'claim', id], repositories, undefined, { actor: 'admin:rachel' });
      expect(await run([group, 'release', id, '--yes'], repositories)).toMatchObject({ ok: true });
      await run([group, 'claim', id], repositories);
      expect(await run([group, 'release', id], repositories)).toMatchObject({ ok: true });
      expect(await status()).toBe('pending');
    },
  );
});

/** A gift paid through the rules, so the ledger has its entry: the provider took `fee`. */
async function paidGift(repositories: ReturnType<typeof createInMemoryRepositories>, currency: Currency, cents: number, fee: number) {
  const owner = await repositories.users.create(aNewUser({ username: `owner-${currency}` }));
  const charity = await repositories.charities.create(aCharity({ name: `MAZON ${currency}` }));
  const registry = await repositories.registries.create(aNewRegistry(owner.id, { childName: `Noa ${currency}`, currency }));
  const gateway = new InMemoryPaymentGateway();
  // The receipt is dated now, as the server's clock dates it.
  const gifts = giftServiceOver({ repositories, gateway, clock: { now: () => new Date() } });
  const { gift } = await gifts.start(aGiftStart(registry.id, charity.id, cents));
  gateway.fees.set(gift.paymentIntentId!, fee);
  await gifts.recordPaymentSucceeded({ paymentIntentId: gift.paymentIntentId!, amount: totalCharged(gift), currency });
  return { registry, gift };
}

describe('ledger commands', () => {
  it('verify prints one line per currency while the ledger agrees with the tables', async () => {
    const repositories = createInMemoryRepositories();
    await paidGift(repositories, 'USD', 10_000, 320);
    const result = await run(['ledger', 'verify'], repositories);
    expect(result).toMatchObject({ ok: true });
    expect(result.lines).toEqual([
      'USD: the ledger agrees with the tables (5 accounts, 1 entries, each balanced)',
      'CAD: the ledger agrees with the tables (0 accounts, 0 entries, each balanced)',
    ]);
  });

  it('verify names each difference and fails when they disagree', async () => {
    const repositories = createInMemoryRepositories();
    const { registry } = await paidGift(repositories, 'CAD', 10_000, 320);
    await repositories.registries.addToTotalReceived(registry.id, 250);
    const result = await run(['ledger', 'verify'], repositories);
    expect(result).toMatchObject({ ok: false, error: 'The ledger disagrees with the tables in CAD: see the lines above.' });
    expect(result.lines).toEqual([
      'USD: the ledger agrees with the tables (0 accounts, 0 entries, each balanced)',
      'CAD: 1 difference',
      `  CAD registry:${registry.id}:gifts: ledger CA$100.00, tables CA$102.50`,
    ]);
  });

  it('balances prints every platform account and what is held for each registry, per currency or for one', async () => {
    const repositories = createInMemoryRepositories();
    const usd = await paidGift(repositories, 'USD', 10_000, 320);
    await paidGift(repositories, 'CAD', 5_000, 200);
    const all = await run(['ledger', 'balances'], repositories);
    expect(all.ok).toBe(true);
    const text = all.lines.join('\n');
    expect(all.lines).toContain('USD');
    expect(all.lines).toContain('CAD');
    expect(text).toMatch(/provider:cash\s+\$103\.19/);
    expect(text).toMatch(/platform:card-fees-collected\s+\$3\.39/);
    expect(text).toMatch(/platform:card-fees-paid\s+\$3\.20/);
    expect(text).toMatch(/platform:dispute-losses\s+\$0\.00/);
    expect(text).toContain(`registry:${usd.registry.id}:gifts`);
    expect(text).toMatch(/\$100\.00 {2}\(Noa USD\)/);

    const cad = await run(['ledger', 'balances', '--currency', 'cad'], repositories);
    expect(cad.lines[0]).toBe('CAD');
    expect(cad.lines.join('\n')).not.toContain('USD');
  });

  it.each([
    [['ledger', 'balances', '--currency', 'EUR'], /--currency must be USD or CAD/],
    [['ledger', 'verify', 'now'], /takes no arguments/],
    [['ledger', 'audit'], /Unknown command: ledger audit/],
  ])('refuses %j with a clear message', async (argv, message) => {
    const result = await run(argv);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(message);
  });
});

describe('ledger reconcile', () => {
  const charge = (id: string, reference: string, amount: number, fee: number) => ({
    id,
    kind: 'charge' as const,
    type: 'charge',
    reference,
    currency: 'USD',
    amount,
    fee,
    created: new Date('2026-05-31T15:00:00Z'),
  });

  it('prints that the day agrees, and exits 0', async () => {
    const result = await run(['ledger', 'reconcile', '--date', '2026-05-31'], createInMemoryRepositories(), new InMemoryPaymentGateway());
    expect(result).toMatchObject({ ok: true, lines: ["2026-05-31: the payment provider's 0 balance transactions agree with the ledger"] });
  });

  it('prints one line per difference and fails, and runs a day again on demand', async () => {
    const repositories = createInMemoryRepositories();
    const gateway = new InMemoryPaymentGateway();
    gateway.otherBalanceTransactions.push(charge('txn_1', 'pi_nobody', 10_639, 339), {
      ...charge('txn_2', '', 0, 0),
      kind: 'other',
      type: 'stripe_fee',
      reference: null,
      amount: -125,
    });
    const result = await run(['ledger', 'reconcile', '--date', '2026-05-31'], repositories, gateway);
    expect(result).toMatchObject({
      ok: false,
      error: 'The ledger disagrees with the payment provider on 2026-05-31: see the lines above.',
    });
    expect(result.lines).toEqual([
      '2026-05-31: 2 differences with the payment provider (2 balance transactions)',
      '  A charge of $106.39 (pi_nobody) that the ledger never recorded.',
      '  A stripe fee of $1.25 (txn_2) that the ledger did not know.',
    ]);
    expect(await repositories.reconciliations.listRuns('2026-05-31', '2026-05-31')).toEqual([
      expect.objectContaining({ status: 'differences' }),
    ]);
    expect((await run(['ledger', 'reconcile', '--date', '2026-05-31'], repositories, gateway)).lines).toHaveLength(3);
  });

  it.each([
    [['ledger', 'reconcile'], /Name the day to reconcile: ledger reconcile --date YYYY-MM-DD/],
    [['ledger', 'reconcile', '--date', '31/05/2026'], /--date must be a day like 2026-11-24 \(got "31\/05\/2026"\)/],
    [['ledger', 'reconcile', '--date', '2026-02-30'], /--date must be a day like/],
    [['ledger', 'reconcile', '--date', '2026-06-02'], /2026-06-02 has not begun yet/],
    [['ledger', 'reconcile', '--date', '2026-05-31', 'now'], /Unexpected argument: now/],
  ])('refuses %j with a clear message and the usage', async (argv, message) => {
    const result = await run(argv, createInMemoryRepositories(), new InMemoryPaymentGateway());
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(message);
    expect(result.error).toContain('ledger reconcile --date YYYY-MM-DD');
  });
});

const exec = promisify(execFile);

/** `npm run admin` with a data folder, in this process: its exit code and what it printed. */
async function cli(args: string[], dataDir: string) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runAdminCli(args, {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    out: (line) => stdout.push(`${line}\n`),
    err: (line) => stderr.push(`${line}\n`),
  });
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

describe('npm run admin', () => {
  it('runs as a process, as `npm run admin` runs it (the built CLI, plain node): the usage and exit 0 for --help, exit 1 without a command', async () => {
    const [help, bare] = await Promise.all([
      exec(process.execPath, ['scripts/launch.mjs', 'cli', '--help']),
      exec(process.execPath, ['scripts/launch.mjs', 'cli']).then(
        () => ({ code: 0, stdout: '' }),
        (error: { code: number; stdout: string }) => error,
      ),
    ]);
    expect(help.stdout).toContain('Usage: npm run admin -- <command>');
    expect(bare.code).toBe(1);
    expect(bare.stdout).toContain('Usage: npm run admin -- <command>');
  });

  it('exits non-zero with a plain message while the server holds the embedded database, and works once it stops', async () => {
    const dataDir = tempDataDir();
    const server = await startTestServer({ dataDir });
    const busy = await cli(['charities', 'list'], dataDir);
    await server.close();
    expect(busy.code).not.toBe(0);
    expect(busy.stderr).toContain('in use by another process');

    const free = await cli(['charities', 'list'], dataDir);
    expect(free.code, free.stderr).toBe(0);
    expect(free.stdout).toMatch(/active\s+healthcare/);

    const bad = await cli(['users', 'promote', 'nobody'], dataDir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('No user named "nobody"');
  });

  it('reconciles a day of the embedded database with the sandbox’s balance: exit 0 when it agrees, 1 with a line per difference, 2 for a bad date', async () => {
    const dataDir = tempDataDir();
    const today = new Date().toISOString().slice(0, 10);
    // The folder as the server leaves it, from the migrated template (the next test migrates one).
    await (await startTestServer({ dataDir })).close();
    const agreed = await cli(['ledger', 'reconcile', '--date', today], dataDir);
    expect(agreed, agreed.stderr).toMatchObject({
      code: 0,
      stdout: `${today}: the payment provider's 0 balance transactions agree with the ledger\n`,
    });

    const server = await startTestServer({ dataDir });
    await createSandboxBalance(server.infrastructure.orm).record({
      id: 'txn_sbx_stray',
      kind: 'transfer',
      type: 'transfer',
      reference: 'tr_sbx_stray',
      currency: 'CAD',
      amount: -9_000,
      fee: 0,
      created: new Date(),
    });
    await server.close();
    const found = await cli(['ledger', 'reconcile', '--date', today], dataDir);
    expect(found.code).toBe(1);
    expect(found.stdout.trim().split('\n')).toEqual([
      `${today}: 1 difference with the payment provider (1 balance transaction)`,
      '  A transfer of CA$90.00 (tr_sbx_stray) that the ledger never recorded.',
    ]);
    expect(found.stderr).toContain(`The ledger disagrees with the payment provider on ${today}`);

    const bad = await cli(['ledger', 'reconcile', '--date', 'yesterday'], dataDir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--date must be a day like 2026-11-24 (got "yesterday")');
  }, 120_000);

  it('never migrates, the embedded database either: one without the schema is refused with what to run, and verified once npm run migrate has run', async () => {
    const dataDir = tempDataDir();
    const refused = await cli(['ledger', 'verify'], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The database schema is older than this release');
    expect(refused.stderr).toContain('Run `npm run migrate`');

    await runMigrations({ ...readMigrationConfig({ DATA_DIR: dataDir }), log: { info: () => undefined, warn: () => undefined } });
    const verified = await cli(['ledger', 'verify'], dataDir);
    expect(verified).toMatchObject({ code: 0, stderr: '' });
    expect(verified.stdout.trim().split('\n')).toEqual([
      'USD: the ledger agrees with the tables (0 accounts, 0 entries, each balanced)',
      'CAD: the ledger agrees with the tables (0 accounts, 0 entries, each balanced)',
    ]);
  }, 120_000);

  it.skipIf(!postgresUrl)(
    'never migrates PostgreSQL: a release ahead of the database is refused and leaves it untouched',
    async () => {
      const database = await createTestDatabase();
      try {
        const stderr: string[] = [];
        const code = await runAdminCli(['charities', 'list'], {
          env: { ...process.env, DATABASE_URL: database.url },
          out: () => undefined,
          err: (line) => stderr.push(line),
        });
        expect(code).toBe(1);
        expect(stderr.join('\n')).toContain('The database schema is older than this release');
        const tables = await connectedTo(database.url, (client) =>
          client.query(`select tablename from pg_tables where schemaname = 'public'`),
        );
        expect(tables.rows).toEqual([]);
      } finally {
        await database.drop();
      }
    },
    60_000,
  );
});

describe('mail suppressions from the command line', () => {
  it('says why mail does not go to an address, and lifts one scope or all of them', async () => {
    const repositories = createInMemoryRepositories();
    const at = new Date('2026-12-02T10:00:00.000Z');
    await repositories.mailSuppressions.add({ address: 'gone@example.com', scope: 'all', reason: 'bounce', createdAt: at });
    await repositories.mailSuppressions.add({ address: 'gone@example.com', scope: 'reminders', reason: 'unsubscribe', createdAt: at });
    expect((await run(['mail', 'suppressions', 'Gone@Example.com'], repositories)).lines).toEqual([
      'all                bounce       since 2026-12-02 10:00 UTC',
      'reminders          unsubscribe  since 2026-12-02 10:00 UTC',
    ]);
    expect((await run(['mail', 'lift', 'gone@example.com', '--scope', 'all'], repositories)).lines).toEqual([
      'Lifted all for gone@example.com.',
    ]);
    expect((await repositories.mailSuppressions.listFor('gone@example.com')).map((row) => row.scope)).toEqual(['reminders']);
    expect((await run(['mail', 'lift', 'gone@example.com'], repositories)).lines).toEqual(['Lifted reminders for gone@example.com.']);
    expect((await run(['mail', 'suppressions', 'gone@example.com'], repositories)).lines).toEqual([
      'gone@example.com is on no suppression list: every e-mail goes to it.',
    ]);
    const refused = await run(['mail', 'lift', 'gone@example.com', '--scope', 'everything'], repositories);
    expect(refused.ok).toBe(false);
    expect(refused.error).toContain('takes at most --scope with one of');
  });
});
