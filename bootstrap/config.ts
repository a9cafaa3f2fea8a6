import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { userInfo } from 'node:os';
import { randomBytes } from 'node:crypto';
import { DEFAULT_POOL_MAX, type DatabaseConfig } from '../adapters/persistence/orm';
import { parseSendGridPublicKey } from '../adapters/mail/sendgrid-event-webhook';
import { STRIPE_PUBLISHED_RATES, type ProcessingRate, type ProcessingRates } from '@core/fees';
import { CURRENCIES, type Currency } from '@core/money';
import { DEFAULT_GUEST_DATA_RETENTION_DAYS } from '@core/registry/guest-data-retention';

/**
 * The card processor's price per currency when none is configured (docs/architecture.md#money): 2.9% + 30.
 * Read here and nowhere else: the server charges these and GET /api/config hands the browser the
 * same, so the breakdown a giver sees is the one charged.
 */
export const DEFAULT_PROCESSING_RATES: ProcessingRates = STRIPE_PUBLISHED_RATES;

export interface AppConfig {
  production: boolean;
  /** The address to listen on: loopback outside production, every interface in production. */
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  /** Absent means: generate one and keep it in the data folder (never in production). */
  sessionSecret: string | null;
  /** The sandbox's transferDelayMs (SANDBOX_TRANSFER_DELAY_MS) holds each transfer's answer that long, as a slow provider would: to rehearse a crash or a race while one is under way. */
  payments:
    | { provider: 'sandbox'; transferDelayMs?: number }
    | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string };
  mail: { provider: 'outbox'; from: string } | { provider: 'sendgrid'; apiKey: string; from: string };
  /** The sender's postal address, in the footer of every e-mail that is not transactional (CAN-SPAM, CASL). */
  mailPostalAddress: string;
  /** SendGrid's Event Webhook verification key (base64 DER), whatever the mail provider; null: POST /api/webhooks/sendgrid answers 404. */
  sendGridWebhookPublicKey: string | null;
  photos: { provider: 'local' } | { provider: 'gcs'; bucket: string };
  support: { email: string; phone: string };
  /**
   * Who answers privacy requests (PRIVACY_EMAIL, else the support address), and how many days after a
   * registry's payout its guests' e-mails and messages are purged (GUEST_DATA_RETENTION_DAYS).
   */
  privacy: { email: string; guestDataRetentionDays: number };
  /** What the card processor takes, per currency; the giver pays it on top of the gift. */
  processingRates: ProcessingRates;
  trustProxy: boolean;
  /** How many proxies stand in front of the server: that many right-most X-Forwarded-For entries are believed. */
  trustProxyHops: number;
  /** The bearer token GET /metrics asks for; null: no metrics page at all. */
  metricsToken: string | null;
  logLevel: string;
  /**
   * Whether the server brings the schema up to date as it starts: always on the embedded database
   * (one process), on PostgreSQL only when MIGRATE_ON_START=true; otherwise `npm run migrate` does.
   */
  migrateOnStart: boolean;
  /** BACKGROUND_JOBS=off: no sweeps, reminders, reconciliation, purges or mail sending (restore drills, maintenance). */
  backgroundJobs: boolean;
  /** The commit this release was built from, when the build said (GIT_COMMIT or BUILD_COMMIT). */
  buildCommit: string | null;
  /** After SIGTERM, how long readiness answers 503 while requests are still served, before the server stops listening. */
  shutdownDelayMs: number;
}

/** What `npm run migrate` needs: the owner's database, and how long to wait behind another's lock. */
export interface MigrationConfig {
  database: DatabaseConfig;
  /** How long one statement may wait for a lock before the attempt gives up (lock_timeout). */
  lockTimeoutMs: number;
  /** How many attempts, each after a longer pause, before giving up. */
  tries: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration is not usable:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

/**
 * Who runs an admin command, for the audit trail: the login at the server, and SUDO_USER names
 * who used sudo. Read here, beside the configuration, so that this module stays the one reader
 * of the environment.
 */
export function readOperatorName(env: Env = process.env): string {
  const name = env.SUDO_USER || env.USER || env.LOGNAME;
  if (name) return name;
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

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
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    problems.push(`PORT must be a whole number from 0 (any free port) to 65535 (got "${portText}")`);

  const host = value('HOST') ?? (production ? '0.0.0.0' : '127.0.0.1');
  if (!/^[A-Za-z0-9.:-]+$/.test(host))
    problems.push(`HOST must be an address to listen on, such as 0.0.0.0, 127.0.0.1 or :: (got "${host}")`);

  const publicUrl = (value('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!isHttpUrl(publicUrl)) problems.push(`PUBLIC_URL must be an http(s) address such as https://gifts.example.org (got "${publicUrl}")`);
  else if (production && !publicUrl.startsWith('https://')) problems.push('PUBLIC_URL must use https in production');

  const dataDir = path.resolve(cwd, value('DATA_DIR') ?? './data');
  let database = databaseOf('DATABASE_URL', value, dataDir, problems);
  const poolText = value('DATABASE_POOL_MAX') ?? String(DEFAULT_POOL_MAX);
  const poolMax = Number(poolText);
  if (!/^\d+$/.test(poolText) || poolMax < 1 || poolMax > MAX_POOL) {
    problems.push(
      `DATABASE_POOL_MAX must be how many database connections each instance may hold, a whole number from 1 to ${MAX_POOL} (got "${poolText}")`,
    );
  } else if (database.kind === 'postgresql') {
    database = { ...database, poolMax };
  }

  const sessionSecret = value('SESSION_SECRET') ?? null;
  if (sessionSecret && sessionSecret.length < 32)
    problems.push('SESSION_SECRET must be at least 32 characters (try: openssl rand -base64 48)');
  if (!sessionSecret && production) problems.push('SESSION_SECRET is required in production');

  const stripe = {
    secretKey: value('STRIPE_SECRET_KEY'),
    publishableKey: value('STRIPE_PUBLISHABLE_KEY'),
    webhookSecret: value('STRIPE_WEBHOOK_SECRET'),
  };
  let payments: AppConfig['payments'] = { provider: 'sandbox' };
  const stripeSet = Object.values(stripe).filter(Boolean).length;
  if (stripeSet === 3) {
    if (!stripe.secretKey!.startsWith('sk_') && !stripe.secretKey!.startsWith('rk_'))
      problems.push('STRIPE_SECRET_KEY must start with sk_ or rk_');
    if (!stripe.publishableKey!.startsWith('pk_')) problems.push('STRIPE_PUBLISHABLE_KEY must start with pk_');
    if (!stripe.webhookSecret!.startsWith('whsec_')) problems.push('STRIPE_WEBHOOK_SECRET must start with whsec_');
    payments = {
      provider: 'stripe',
      secretKey: stripe.secretKey!,
      publishableKey: stripe.publishableKey!,
      webhookSecret: stripe.webhookSecret!,
    };
  } else if (stripeSet > 0) {
    problems.push('Stripe needs all three of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (production && payments.provider === 'sandbox') problems.push('Production refuses the sandbox payment provider: configure Stripe');
  const transferDelayText = value('SANDBOX_TRANSFER_DELAY_MS');
  if (transferDelayText !== undefined) {
    if (!/^\d{1,7}$/.test(transferDelayText)) problems.push('SANDBOX_TRANSFER_DELAY_MS must be a whole number of milliseconds');
    else if (payments.provider !== 'sandbox') problems.push('SANDBOX_TRANSFER_DELAY_MS is for the sandbox payment provider only');
    else payments = { provider: 'sandbox', transferDelayMs: Number(transferDelayText) };
  }

  const sendgridKey = value('SENDGRID_API_KEY');
  const mailFrom = value('MAIL_FROM');
  if (mailFrom && (/[\r\n]/.test(mailFrom) || !/@/.test(mailFrom)))
    problems.push('MAIL_FROM must be an address such as "Mitzvah Gifts <gifts@example.org>"');
  let mail: AppConfig['mail'] = {
    provider: 'outbox',
    from: mailFrom ?? `Mitzvah Gifts <no-reply@${isHttpUrl(publicUrl) ? new URL(publicUrl).hostname : 'localhost'}>`,
  };
  if (sendgridKey && mailFrom) mail = { provider: 'sendgrid', apiKey: sendgridKey, from: mailFrom };
  else if (sendgridKey) problems.push('SendGrid needs MAIL_FROM, a sender verified in your SendGrid account');

  const postalAddress = value('MAIL_POSTAL_ADDRESS');
  if (postalAddress && (/[\r\n]/.test(postalAddress) || postalAddress.length > 200))
    problems.push(
      'MAIL_POSTAL_ADDRESS must be one line of at most 200 characters, such as "123 Main Street, Suite 4, Springfield, IL 62701, USA"',
    );
  if (production && !postalAddress)
    problems.push(
      'MAIL_POSTAL_ADDRESS is required in production (the anti-spam laws ask for it in every e-mail that is not transactional)',
    );
  const mailPostalAddress = postalAddress ?? 'no postal address configured yet (MAIL_POSTAL_ADDRESS)';

  const sendGridWebhookPublicKey = value('SENDGRID_WEBHOOK_PUBLIC_KEY') ?? null;
  if (sendGridWebhookPublicKey) {
    try {
      parseSendGridPublicKey(sendGridWebhookPublicKey);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }

  const bucket = value('GCS_BUCKET');
  const photos: AppConfig['photos'] = bucket ? { provider: 'gcs', bucket } : { provider: 'local' };

  const supportEmail = value('SUPPORT_EMAIL') ?? 'support@mitzvahgifts.test';
  // Receipts and payout e-mails answer to it (Reply-To), so it must be one bare address.
  if (!/^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+$/.test(supportEmail) || supportEmail.length > 320) {
    problems.push(`SUPPORT_EMAIL must be one address such as support@example.org, without a name (got "${supportEmail}")`);
  }
  const supportPhone = value('SUPPORT_PHONE') ?? '+1 (555) 010-0136';
  if (production && (!value('SUPPORT_EMAIL') || !value('SUPPORT_PHONE')))
    problems.push('SUPPORT_EMAIL and SUPPORT_PHONE are required in production (they are shown on every page)');

  const privacyEmail = value('PRIVACY_EMAIL') ?? supportEmail;
  if ((value('PRIVACY_EMAIL') !== undefined && !/^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+$/.test(privacyEmail)) || privacyEmail.length > 320) {
    problems.push(`PRIVACY_EMAIL must be one address such as privacy@example.org, without a name (got "${privacyEmail}")`);
  }
  const retentionText = value('GUEST_DATA_RETENTION_DAYS') ?? String(DEFAULT_GUEST_DATA_RETENTION_DAYS);
  const guestDataRetentionDays = Number(retentionText);
  // At least a year: refunds, disputes (up to 120 days) and the family's thank-you cards need the guests' addresses first.
  if (!/^\d+$/.test(retentionText) || guestDataRetentionDays < 365 || guestDataRetentionDays > 3650) {
    problems.push(
      `GUEST_DATA_RETENTION_DAYS must be the days guests' e-mails and messages are kept after a registry's payout, a whole number from 365 to 3650 (got "${retentionText}")`,
    );
  }

  const processingRates = {} as ProcessingRates;
  for (const currency of CURRENCIES) processingRates[currency] = processingRateOf(currency, value, problems);

  const trustProxyText = value('TRUST_PROXY') ?? 'false';
  if (!['true', 'false'].includes(trustProxyText)) problems.push('TRUST_PROXY must be true or false');
  else if (publicUrl.startsWith('https://') && trustProxyText !== 'true') {
    // TLS ends at a proxy in front of this server; without trusting its headers every request looks
    // like plain http and the secure session cookie could never be set.
    problems.push('PUBLIC_URL uses https, so the server sits behind a TLS proxy: set TRUST_PROXY=true');
  }

  // The client writes the left of X-Forwarded-For as it pleases; each proxy appends what it saw.
  const hopsText = value('TRUST_PROXY_HOPS') ?? '1';
  const trustProxyHops = Number(hopsText);
  if (!/^\d+$/.test(hopsText) || trustProxyHops < 1 || trustProxyHops > 10)
    problems.push(`TRUST_PROXY_HOPS must be the number of proxies in front of the server, from 1 to 10 (got "${hopsText}")`);

  const singleText = value('SINGLE_INSTANCE') ?? 'false';
  if (!['true', 'false'].includes(singleText)) problems.push('SINGLE_INSTANCE must be true or false');
  // Local disk, the local outbox and the embedded database belong to one machine: a photo uploaded
  // through one instance would be missing on the next. In production, say so out loud or use the
  // shared services.
  const local = [
    database.kind === 'pglite' ? 'the embedded database (set DATABASE_URL)' : null,
    mail.provider === 'outbox' ? 'the local mail outbox (set SENDGRID_API_KEY and MAIL_FROM)' : null,
    photos.provider === 'local' ? 'photos on local disk (set GCS_BUCKET)' : null,
  ].filter((part): part is string => part !== null);
  if (production && local.length > 0 && singleText !== 'true') {
    problems.push(
      `Production on ${local.join(', ')} works on one machine only: configure the shared services, or set SINGLE_INSTANCE=true if this server will only ever run alone`,
    );
  }

  // Prometheus sends it as `Authorization: Bearer …`, so it must fit a header's token.
  const metricsToken = value('METRICS_TOKEN') ?? null;
  if (metricsToken && (metricsToken.length < 32 || !/^[A-Za-z0-9._~+/=-]+$/.test(metricsToken))) {
    problems.push('METRICS_TOKEN must be at least 32 letters, digits or ._~+/=- (try: openssl rand -hex 32)');
  }

  const logLevel = value('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const migrateText = value('MIGRATE_ON_START') ?? (database.kind === 'pglite' ? 'true' : 'false');
  if (!['true', 'false'].includes(migrateText)) problems.push('MIGRATE_ON_START must be true or false');

  const jobsText = value('BACKGROUND_JOBS') ?? 'on';
  if (!['on', 'off'].includes(jobsText)) problems.push(`BACKGROUND_JOBS must be on or off (got "${jobsText}")`);

  // Long enough for a balancer checking every second or two to see readiness fail and stop sending.
  const delayText = value('SHUTDOWN_DELAY_S') ?? '5';
  const shutdownDelayS = Number(delayText);
  if (!/^\d+$/.test(delayText) || shutdownDelayS > MAX_SHUTDOWN_DELAY_S) {
    problems.push(
      `SHUTDOWN_DELAY_S must be the seconds an instance keeps serving after SIGTERM while its readiness fails, a whole number from 0 to ${MAX_SHUTDOWN_DELAY_S} (got "${delayText}")`,
    );
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    production,
    host,
    port,
    publicUrl,
    dataDir,
    database,
    sessionSecret,
    payments,
    mail,
    mailPostalAddress,
    sendGridWebhookPublicKey,
    photos,
    support: { email: supportEmail, phone: supportPhone },
    privacy: { email: privacyEmail, guestDataRetentionDays },
    processingRates,
    trustProxy: trustProxyText === 'true',
    trustProxyHops,
    metricsToken,
    logLevel,
    migrateOnStart: migrateText === 'true',
    backgroundJobs: jobsText !== 'off',
    buildCommit: value('GIT_COMMIT') ?? value('BUILD_COMMIT') ?? null,
    shutdownDelayMs: shutdownDelayS * 1000,
  };
}

/**
 * `npm run migrate`'s configuration: the server's, with MIGRATION_DATABASE_URL (the role that owns
 * the tables) in place of DATABASE_URL when it is set, MIGRATE_LOCK_TIMEOUT_S (5) and MIGRATE_TRIES (5).
 */
export function readMigrationConfig(env: Env = process.env, cwd: string = process.cwd()): MigrationConfig {
  const problems: string[] = [];
  const value = (name: string) => env[name]?.trim() || undefined;
  const dataDir = path.resolve(cwd, value('DATA_DIR') ?? './data');
  const database = databaseOf(value('MIGRATION_DATABASE_URL') ? 'MIGRATION_DATABASE_URL' : 'DATABASE_URL', value, dataDir, problems);
  const whole = (name: string, fallback: number, max: number) => {
    const text = env[name]?.trim() || String(fallback);
    const parsed = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isNaN(parsed) || parsed < 1 || parsed > max)
      problems.push(`${name} must be a whole number from 1 to ${max} (got "${text}")`);
    return parsed;
  };
  const lockTimeoutS = whole('MIGRATE_LOCK_TIMEOUT_S', 5, 600);
  const tries = whole('MIGRATE_TRIES', 5, 100);
  if (problems.length > 0) throw new ConfigError(problems);
  return { database, lockTimeoutMs: lockTimeoutS * 1000, tries };
}

/** PostgreSQL at the address in the variable named, or else the embedded database in the data folder. */
function databaseOf(name: string, value: (name: string) => string | undefined, dataDir: string, problems: string[]): DatabaseConfig {
  const url = value(name);
  if (!url) return { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  if (!/^postgres(ql)?:\/\//.test(url)) problems.push(`${name} must be a postgres:// or postgresql:// address`);
  return { kind: 'postgresql', url };
}

/** PostgreSQL's default max_connections is 100, shared by the whole fleet and the admin tools. */
const MAX_POOL = 100;
/** Beyond a minute a stop would outlast any orchestrator's grace period. */
const MAX_SHUTDOWN_DELAY_S = 60;

/** A card price at most this percentage is taken for a typo rather than a processor's price. */
const MAX_PROCESSING_PERCENT = 20;
const MAX_PROCESSING_FIXED_CENTS = 1_000;

/**
 * PROCESSING_FEE_{CURRENCY}_PERCENT (such as 2.9, two decimals at most) and
 * PROCESSING_FEE_{CURRENCY}_FIXED_CENTS (such as 30), each defaulting on its own. The percentage
 * becomes basis points by its digits, never through a float.
 */
function processingRateOf(currency: Currency, value: (name: string) => string | undefined, problems: string[]): ProcessingRate {
  const fallback = DEFAULT_PROCESSING_RATES[currency];
  const percentName = `PROCESSING_FEE_${currency}_PERCENT`;
  const fixedName = `PROCESSING_FEE_${currency}_FIXED_CENTS`;
  let { basisPoints, fixedCents } = fallback;

  const percentText = value(percentName);
  if (percentText !== undefined) {
    const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(percentText);
    const parsed = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
    if (Number.isNaN(parsed) || parsed > MAX_PROCESSING_PERCENT * 100) {
      problems.push(
        `${percentName} must be the card processor's percentage for ${currency}, from 0 to ${MAX_PROCESSING_PERCENT} with at most two decimals, such as 2.9 (got "${percentText}")`,
      );
    } else {
      basisPoints = parsed;
    }
  }

  const fixedText = value(fixedName);
  if (fixedText !== undefined) {
    const parsed = /^\d{1,4}$/.test(fixedText) ? Number(fixedText) : Number.NaN;
    if (Number.isNaN(parsed) || parsed > MAX_PROCESSING_FIXED_CENTS) {
      problems.push(
        `${fixedName} must be the card processor's fixed fee for ${currency} in cents, a whole number from 0 to ${MAX_PROCESSING_FIXED_CENTS}, such as 30 (got "${fixedText}")`,
      );
    } else {
      fixedCents = parsed;
    }
  }
  return { basisPoints, fixedCents };
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
