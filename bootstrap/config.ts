import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { DatabaseConfig } from '../adapters/persistence/orm';

export interface AppConfig {
  production: boolean;
  port: number;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  /** Absent means: generate one and keep it in the data folder (never in production). */
  sessionSecret: string | null;
  payments: { provider: 'sandbox' } | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string };
  mail: { provider: 'outbox'; from: string } | { provider: 'sendgrid'; apiKey: string; from: string };
  photos: { provider: 'local' } | { provider: 'gcs'; bucket: string };
  support: { email: string; phone: string };
  trustProxy: boolean;
  logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration is not usable:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and checks the whole environment at once, naming every problem rather than the first. */
export function readConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const problems: string[] = [];
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };
  const production = value('NODE_ENV') === 'production';

  const portText = value('PORT') ?? '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) problems.push(`PORT must be a whole number from 0 (any free port) to 65535 (got "${portText}")`);

  const publicUrl = (value('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!isHttpUrl(publicUrl)) problems.push(`PUBLIC_URL must be an http(s) address such as https://gifts.example.org (got "${publicUrl}")`);
  else if (production && !publicUrl.startsWith('https://')) problems.push('PUBLIC_URL must use https in production');

  const dataDir = path.resolve(cwd, value('DATA_DIR') ?? './data');

  const databaseUrl = value('DATABASE_URL');
  let database: DatabaseConfig = { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must be a postgres:// or postgresql:// address');
    database = { kind: 'postgresql', url: databaseUrl };
  }

  const sessionSecret = value('SESSION_SECRET') ?? null;
  if (sessionSecret && sessionSecret.length < 32) problems.push('SESSION_SECRET must be at least 32 characters (try: openssl rand -base64 48)');
  if (!sessionSecret && production) problems.push('SESSION_SECRET is required in production');

  const stripe = { secretKey: value('STRIPE_SECRET_KEY'), publishableKey: value('STRIPE_PUBLISHABLE_KEY'), webhookSecret: value('STRIPE_WEBHOOK_SECRET') };
  let payments: AppConfig['payments'] = { provider: 'sandbox' };
  const stripeSet = Object.values(stripe).filter(Boolean).length;
  if (stripeSet === 3) {
    if (!stripe.secretKey!.startsWith('sk_') && !stripe.secretKey!.startsWith('rk_')) problems.push('STRIPE_SECRET_KEY must start with sk_ or rk_');
    if (!stripe.publishableKey!.startsWith('pk_')) problems.push('STRIPE_PUBLISHABLE_KEY must start with pk_');
    if (!stripe.webhookSecret!.startsWith('whsec_')) problems.push('STRIPE_WEBHOOK_SECRET must start with whsec_');
    payments = { provider: 'stripe', secretKey: stripe.secretKey!, publishableKey: stripe.publishableKey!, webhookSecret: stripe.webhookSecret! };
  } else if (stripeSet > 0) {
    problems.push('Stripe needs all three of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (production && payments.provider === 'sandbox') problems.push('Production refuses the sandbox payment provider: configure Stripe');

  const sendgridKey = value('SENDGRID_API_KEY');
  const mailFrom = value('MAIL_FROM');
  if (mailFrom && (/[\r\n]/.test(mailFrom) || !/@/.test(mailFrom))) problems.push('MAIL_FROM must be an address such as "Mitzvah Gifts <gifts@example.org>"');
  let mail: AppConfig['mail'] = { provider: 'outbox', from: mailFrom ?? `Mitzvah Gifts <no-reply@${isHttpUrl(publicUrl) ? new URL(publicUrl).hostname : 'localhost'}>` };
  if (sendgridKey && mailFrom) mail = { provider: 'sendgrid', apiKey: sendgridKey, from: mailFrom };
  else if (sendgridKey) problems.push('SendGrid needs MAIL_FROM, a sender verified in your SendGrid account');

  const bucket = value('GCS_BUCKET');
  const photos: AppConfig['photos'] = bucket ? { provider: 'gcs', bucket } : { provider: 'local' };

  const supportEmail = value('SUPPORT_EMAIL') ?? 'support@mitzvahgifts.test';
  const supportPhone = value('SUPPORT_PHONE') ?? '+1 (555) 010-0136';
  if (production && (!value('SUPPORT_EMAIL') || !value('SUPPORT_PHONE'))) problems.push('SUPPORT_EMAIL and SUPPORT_PHONE are required in production (they are shown on every page)');

  const trustProxyText = value('TRUST_PROXY') ?? 'false';
  if (!['true', 'false'].includes(trustProxyText)) problems.push('TRUST_PROXY must be true or false');
  else if (publicUrl.startsWith('https://') && trustProxyText !== 'true') {
    // TLS ends at a proxy in front of this server; without trusting its headers every request looks
    // like plain http and the secure session cookie could never be set.
    problems.push('PUBLIC_URL uses https, so the server sits behind a TLS proxy: set TRUST_PROXY=true');
  }

  const logLevel = value('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    production,
    port,
    publicUrl,
    dataDir,
    database,
    sessionSecret,
    payments,
    mail,
    photos,
    support: { email: supportEmail, phone: supportPhone },
    trustProxy: trustProxyText === 'true',
    logLevel,
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The configured secret, or one made once and kept (readable by the owner only) in the data folder,
 * so sessions survive a restart of a single embedded instance.
 */
export function resolveSessionSecret(config: AppConfig): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
