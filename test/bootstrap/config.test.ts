import { describe, expect, it } from 'vitest';
import { userInfo } from 'node:os';
import { ConfigError, readConfig, readOperatorName } from '../../bootstrap/config';

const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };

function problems(env: Record<string, string>): string[] {
  try {
    readConfig(env, '/srv/app');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const config = readConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/app/data',
      database: { kind: 'pglite', dataDir: '/srv/app/data/db' },
      payments: { provider: 'sandbox' },
      mail: { provider: 'outbox' },
      photos: { provider: 'local' },
    });
  });

  it('uses PostgreSQL, Stripe, SendGrid and GCS when configured', () => {
    const config = readConfig(
      { DATABASE_URL: 'postgres://db/registry', ...stripe, SENDGRID_API_KEY: 'SG.x', MAIL_FROM: 'gifts@example.org', GCS_BUCKET: 'photos' },
      '/srv/app',
    );
    expect(config.database).toEqual({ kind: 'postgresql', url: 'postgres://db/registry', poolMax: 10 });
    expect(config.payments.provider).toBe('stripe');
    expect(config.mail.provider).toBe('sendgrid');
    expect(config.photos).toEqual({ provider: 'gcs', bucket: 'photos' });
  });

  it('reads DATABASE_POOL_MAX, 10 by default, and refuses what is not 1 to 100', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://db/registry', DATABASE_POOL_MAX: '25' }, '/srv/app').database).toEqual({
      kind: 'postgresql',
      url: 'postgres://db/registry',
      poolMax: 25,
    });
    for (const bad of ['0', '101', '-3', '2.5', 'ten']) {
      expect(problems({ DATABASE_URL: 'postgres://db/registry', DATABASE_POOL_MAX: bad })).toEqual([
        `DATABASE_POOL_MAX must be how many database connections each instance may hold, a whole number from 1 to 100 (got "${bad}")`,
      ]);
    }
  });

  it('reads SHUTDOWN_DELAY_S, 5 s by default, and refuses what is not 0 to 60 whole seconds', () => {
    expect(readConfig({}, '/srv/app').shutdownDelayMs).toBe(5_000);
    expect(readConfig({ SHUTDOWN_DELAY_S: '0' }, '/srv/app').shutdownDelayMs).toBe(0);
    for (const bad of ['61', '1.5', '-1', 'soon']) {
      expect(problems({ SHUTDOWN_DELAY_S: bad })).toEqual([
        `SHUTDOWN_DELAY_S must be the seconds an instance keeps serving after SIGTERM while its readiness fails, a whole number from 0 to 60 (got "${bad}")`,
      ]);
    }
  });

  it('reads METRICS_TOKEN, absent by default (no metrics page), and refuses a short or unusable one', () => {
    expect(readConfig({}, '/srv/app').metricsToken).toBeNull();
    const token = 'a'.repeat(24) + '0123456789';
    expect(readConfig({ METRICS_TOKEN: token }, '/srv/app').metricsToken).toBe(token);
    const message = 'METRICS_TOKEN must be at least 32 letters, digits or ._~+/=- (try: openssl rand -hex 32)';
    expect(problems({ METRICS_TOKEN: 'short' })).toEqual([message]);
    expect(problems({ METRICS_TOKEN: `${token} with spaces` })).toEqual([message]);
  });

  it('refuses a SUPPORT_EMAIL that cannot be a Reply-To: a name, a list, no address', () => {
    for (const bad of ['Support <support@example.org>', 'a@example.org, b@example.org', 'support']) {
      expect(problems({ SUPPORT_EMAIL: bad })).toEqual([
        `SUPPORT_EMAIL must be one address such as support@example.org, without a name (got "${bad}")`,
      ]);
    }
    expect(readConfig({ SUPPORT_EMAIL: 'help@gifts.example.org' }).support.email).toBe('help@gifts.example.org');
  });

  it('names the privacy contact (the support address unless PRIVACY_EMAIL says) and the guests’ data retention, and refuses bad ones', () => {
    expect(readConfig({ SUPPORT_EMAIL: 'help@gifts.example.org' }).privacy).toEqual({
      email: 'help@gifts.example.org',
      guestDataRetentionDays: 730,
    });
    expect(readConfig({ PRIVACY_EMAIL: 'privacy@gifts.example.org', GUEST_DATA_RETENTION_DAYS: '1095' }).privacy).toEqual({
      email: 'privacy@gifts.example.org',
      guestDataRetentionDays: 1095,
    });
    expect(problems({ PRIVACY_EMAIL: 'Privacy <privacy@example.org>' })).toEqual([
      'PRIVACY_EMAIL must be one address such as privacy@example.org, without a name (got "Privacy <privacy@example.org>")',
    ]);
    for (const bad of ['30', 'forever', '4000']) {
      expect(problems({ GUEST_DATA_RETENTION_DAYS: bad })).toEqual([
        `GUEST_DATA_RETENTION_DAYS must be the days guests' e-mails and messages are kept after a registry's payout, a whole number from 365 to 3650 (got "${bad}")`,
      ]);
    }
  });

  it('refuses to start in production on the sandbox or without a session secret', () => {
    const found = problems({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://gifts.example.org',
      TRUST_PROXY: 'true',
      SUPPORT_EMAIL: 'a@b.c',
      SUPPORT_PHONE: '1',
    });
    expect(found).toContain('SESSION_SECRET is required in production');
    expect(found).toContain('Production refuses the sandbox payment provider: configure Stripe');
  });

  it('asks to trust the TLS proxy when the public address is https', () => {
    expect(problems({ PUBLIC_URL: 'https://gifts.example.org' })).toEqual([
      'PUBLIC_URL uses https, so the server sits behind a TLS proxy: set TRUST_PROXY=true',
    ]);
    expect(problems({ PUBLIC_URL: 'https://gifts.example.org', TRUST_PROXY: 'true' })).toEqual([]);
  });

  const productionBasics = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://gifts.example.org',
    TRUST_PROXY: 'true',
    SUPPORT_EMAIL: 'a@b.c',
    SUPPORT_PHONE: '1',
    MAIL_POSTAL_ADDRESS: '1 Main Street, Springfield',
    SESSION_SECRET: 'x'.repeat(40),
    ...stripe,
  };

  it('refuses production on one machine’s local outbox, disk or embedded database unless told it runs alone', () => {
    expect(problems(productionBasics)).toEqual([
      'Production on the embedded database (set DATABASE_URL), the local mail outbox (set SENDGRID_API_KEY and MAIL_FROM), photos on local disk (set GCS_BUCKET) works on one machine only: configure the shared services, or set SINGLE_INSTANCE=true if this server will only ever run alone',
    ]);
    expect(
      problems({ ...productionBasics, DATABASE_URL: 'postgres://db/registry', SENDGRID_API_KEY: 'SG.x', MAIL_FROM: 'gifts@example.org' }),
    ).toEqual([
      'Production on photos on local disk (set GCS_BUCKET) works on one machine only: configure the shared services, or set SINGLE_INSTANCE=true if this server will only ever run alone',
    ]);
    expect(problems({ ...productionBasics, SINGLE_INSTANCE: 'true' })).toEqual([]);
    expect(
      problems({
        ...productionBasics,
        DATABASE_URL: 'postgres://db/registry',
        SENDGRID_API_KEY: 'SG.x',
        MAIL_FROM: 'gifts@example.org',
        GCS_BUCKET: 'photos',
      }),
    ).toEqual([]);
    expect(problems({ ...productionBasics, SINGLE_INSTANCE: 'yes' })).toContain('SINGLE_INSTANCE must be true or false');
  });

  it('listens on loopback outside production and on every interface in production, unless HOST says otherwise', () => {
    expect(readConfig({}, '/srv/app').host).toBe('127.0.0.1');
    expect(readConfig({ ...productionBasics, SINGLE_INSTANCE: 'true' }, '/srv/app').host).toBe('0.0.0.0');
    expect(readConfig({ HOST: '::' }, '/srv/app').host).toBe('::');
    expect(problems({ HOST: 'my host' })).toEqual([
      'HOST must be an address to listen on, such as 0.0.0.0, 127.0.0.1 or :: (got "my host")',
    ]);
  });

  it('trusts one proxy hop unless told how many proxies stand in front', () => {
    expect(readConfig({}, '/srv/app').trustProxyHops).toBe(1);
    expect(readConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }, '/srv/app').trustProxyHops).toBe(2);
    for (const hops of ['0', 'two', '1.5', '11']) {
      expect(problems({ TRUST_PROXY_HOPS: hops })).toEqual([
        `TRUST_PROXY_HOPS must be the number of proxies in front of the server, from 1 to 10 (got "${hops}")`,
      ]);
    }
  });

  it('slows the sandbox’s transfers only when asked, and only the sandbox’s', () => {
    expect(readConfig({}, '/srv/app').payments).toEqual({ provider: 'sandbox' });
    expect(readConfig({ SANDBOX_TRANSFER_DELAY_MS: '250' }, '/srv/app').payments).toEqual({ provider: 'sandbox', transferDelayMs: 250 });
    for (const delay of ['soon', '-1', '1.5']) {
      expect(problems({ SANDBOX_TRANSFER_DELAY_MS: delay })).toEqual(['SANDBOX_TRANSFER_DELAY_MS must be a whole number of milliseconds']);
    }
  });

  it('names every bad value at once', () => {
    const found = problems({
      PORT: 'eighty',
      PUBLIC_URL: 'ftp://x',
      STRIPE_SECRET_KEY: 'sk_test_1',
      SENDGRID_API_KEY: 'SG.x',
      SESSION_SECRET: 'short',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
    });
    expect(found).toHaveLength(7);
  });

  it('reads the card processing rates in one place, defaulting to 2.9% + 30 in each currency', () => {
    expect(readConfig({}, '/srv/app').processingRates).toEqual({
      USD: { basisPoints: 290, fixedCents: 30 },
      CAD: { basisPoints: 290, fixedCents: 30 },
    });
    expect(
      readConfig({ PROCESSING_FEE_USD_PERCENT: '3.5', PROCESSING_FEE_CAD_FIXED_CENTS: '0', PROCESSING_FEE_CAD_PERCENT: '2.95' }, '/srv/app')
        .processingRates,
    ).toEqual({
      USD: { basisPoints: 350, fixedCents: 30 },
      CAD: { basisPoints: 295, fixedCents: 0 },
    });
    expect(problems({ PROCESSING_FEE_USD_PERCENT: '2.9%' })).toEqual([
      `PROCESSING_FEE_USD_PERCENT must be the card processor's percentage for USD, from 0 to 20 with at most two decimals, such as 2.9 (got "2.9%")`,
    ]);
    expect(problems({ PROCESSING_FEE_CAD_PERCENT: '25', PROCESSING_FEE_CAD_FIXED_CENTS: '0.30' })).toEqual([
      `PROCESSING_FEE_CAD_PERCENT must be the card processor's percentage for CAD, from 0 to 20 with at most two decimals, such as 2.9 (got "25")`,
      `PROCESSING_FEE_CAD_FIXED_CENTS must be the card processor's fixed fee for CAD in cents, a whole number from 0 to 1000, such as 30 (got "0.30")`,
    ]);
    expect(problems({ PROCESSING_FEE_USD_PERCENT: '2.999' })).toHaveLength(1);
    expect(problems({ PROCESSING_FEE_USD_FIXED_CENTS: '-1' })).toHaveLength(1);
  });
});

describe('the operator an admin command is recorded under', () => {
  it('is who used sudo, else the login, else the account the process runs as', () => {
    expect(readOperatorName({ SUDO_USER: 'dana', USER: 'root', LOGNAME: 'root' })).toBe('dana');
    expect(readOperatorName({ USER: 'ops', LOGNAME: 'other' })).toBe('ops');
    expect(readOperatorName({ LOGNAME: 'ops2' })).toBe('ops2');
    expect(readOperatorName({ SUDO_USER: '', USER: '' })).toBe(userInfo().username);
  });
});
