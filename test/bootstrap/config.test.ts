import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../bootstrap/config';

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
    const config = readConfig({ DATABASE_URL: 'postgres://db/registry', ...stripe, SENDGRID_API_KEY: 'SG.x', MAIL_FROM: 'gifts@example.org', GCS_BUCKET: 'photos' }, '/srv/app');
    expect(config.database).toEqual({ kind: 'postgresql', url: 'postgres://db/registry' });
    expect(config.payments.provider).toBe('stripe');
    expect(config.mail.provider).toBe('sendgrid');
    expect(config.photos).toEqual({ provider: 'gcs', bucket: 'photos' });
  });

  it('refuses to start in production on the sandbox or without a session secret', () => {
    const found = problems({ NODE_ENV: 'production', PUBLIC_URL: 'https://gifts.example.org', TRUST_PROXY: 'true', SUPPORT_EMAIL: 'a@b.c', SUPPORT_PHONE: '1' });
    expect(found).toContain('SESSION_SECRET is required in production');
    expect(found).toContain('Production refuses the sandbox payment provider: configure Stripe');
  });

  it('asks to trust the TLS proxy when the public address is https', () => {
    expect(problems({ PUBLIC_URL: 'https://gifts.example.org' })).toEqual(['PUBLIC_URL uses https, so the server sits behind a TLS proxy: set TRUST_PROXY=true']);
    expect(problems({ PUBLIC_URL: 'https://gifts.example.org', TRUST_PROXY: 'true' })).toEqual([]);
  });

  it('names every bad value at once', () => {
    const found = problems({ PORT: 'eighty', PUBLIC_URL: 'ftp://x', STRIPE_SECRET_KEY: 'sk_test_1', SENDGRID_API_KEY: 'SG.x', SESSION_SECRET: 'short', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(found).toHaveLength(7);
  });
});
