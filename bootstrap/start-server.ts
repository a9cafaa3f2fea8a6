import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHttpApp } from '../adapters/http/app';
import { createLogger, type Logger } from '../adapters/http/logger';
import { createRateLimiter } from '../adapters/persistence/rate-limit-store';
import { createSandboxAccountStore } from '../adapters/persistence/repositories/mikro-orm-sandbox-account-store';
import { seedCharities } from '../adapters/persistence/seed/seed-charities';
import { Argon2PasswordHasher } from '../adapters/security/argon2-password-hasher';
import { SharpImageSanitizer } from '../adapters/photos/sharp-image-sanitizer';
import { makeShortCode } from '../core/registry/short-code';
import { randomBytes } from 'node:crypto';
import { createPhotoStore } from './photo-store';
import { createPayments } from './payment-gateway';
import { createMailer } from './mailer';
import { startMailWorker, type MailWorker } from '../adapters/persistence/mail-queue';
import { DEFAULT_PROCESSING_RATES } from '../core/fees';
import type { Clock } from '../core/ports/clock';
import { resolveSessionSecret, type AppConfig } from './config';
import { openInfrastructure, type Infrastructure } from './container';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface RunningServer {
  url: string;
  /** Tests call drainOnce() to send queued mail now rather than at the next poll. */
  mailWorker: MailWorker;
  infrastructure: Infrastructure;
  logger: Logger;
  close: () => Promise<void>;
}

const systemClock: Clock = { now: () => new Date() };

/** Wires every adapter from the configuration and starts listening. */
export async function startServer(config: AppConfig, options: { logger?: Logger; webRoot?: string | null } = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const infrastructure = await openInfrastructure(config);
  try {
    const { orm, repositories } = infrastructure;
    const seeded = await seedCharities(orm);
    if (seeded > 0) logger.info({ charities: seeded }, 'seeded partner charities');

    const hasher = new Argon2PasswordHasher();
    const photos = await createPhotoStore(config);
    const sessionSecret = resolveSessionSecret(config);
    const payments = await createPayments(config, sessionSecret, createSandboxAccountStore(orm));
    const app = createHttpApp({
      repositories,
      photos: photos.store,
      sanitizer: new SharpImageSanitizer(),
      newShortCode: () => makeShortCode((count) => new Uint8Array(randomBytes(count))),
      gateway: payments.gateway,
      sandbox: payments.sandbox,
      stripeWebhook: payments.stripeWebhook,
      rates: DEFAULT_PROCESSING_RATES,
      hasher,
      decoyHash: await hasher.hash(crypto.randomUUID()),
      clock: systemClock,
      logger,
      limits: {
        loginPerAccount: createRateLimiter(orm, { keyPrefix: 'login-account', points: 10, duration: 15 * 60 }),
        loginPerAddress: createRateLimiter(orm, { keyPrefix: 'login-address', points: 50, duration: 15 * 60 }),
        registerPerAddress: createRateLimiter(orm, { keyPrefix: 'register-address', points: 20, duration: 60 * 60 }),
        uploadsPerAccount: createRateLimiter(orm, { keyPrefix: 'upload-account', points: 100, duration: 60 * 60 }),
        paymentIntentsPerAddress: createRateLimiter(orm, { keyPrefix: 'payment-address', points: 30, duration: 10 * 60 }),
      },
      checkDatabase: infrastructure.checkDatabase,
      settings: {
        sessionSecret,
        publicUrl: config.publicUrl,
        production: config.production,
        trustProxy: config.trustProxy,
        webRoot: options.webRoot === undefined ? path.join(projectRoot, 'dist', 'web') : options.webRoot,
        uploadsDirectory: photos.localDirectory,
        photoOrigins: config.photos.provider === 'gcs' ? ['https://storage.googleapis.com'] : [],
        publicConfig: {
          paymentProvider: config.payments.provider,
          stripePublishableKey: config.payments.provider === 'stripe' ? config.payments.publishableKey : null,
          supportEmail: config.support.email,
          supportPhone: config.support.phone,
        },
      },
    });

    const server: Server = await new Promise((resolve, reject) => {
      const listening = app.listen(config.port, () => resolve(listening));
      listening.once('error', reject);
    });
    server.requestTimeout = 30_000;
    server.headersTimeout = 20_000;
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;

    // Every server process sends queued mail; each message is claimed by one of them.
    const mailWorker = startMailWorker({ orm, mailer: await createMailer(config, logger), logger: logger.child({ component: 'mail' }) });

    const purge = setInterval(() => {
      repositories.sessions.purgeExpired(new Date()).catch((error) => logger.warn({ err: error }, 'session purge failed'));
    }, SESSION_PURGE_INTERVAL_MS);
    purge.unref();

    return {
      url: `http://localhost:${port}`,
      infrastructure,
      logger,
      mailWorker,
      close: async () => {
        clearInterval(purge);
        await mailWorker.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await infrastructure.close();
      },
    };
  } catch (error) {
    await infrastructure.close();
    throw error;
  }
}
