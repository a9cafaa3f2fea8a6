import Koa from 'koa';
import compress from 'koa-compress';
import type { Clock } from '@core/ports/clock';
import type { ImageSanitizer } from '@core/ports/image-sanitizer';
import type { PaymentGateway } from '@core/ports/payment-gateway';
import type { PaymentNotices } from '@core/ports/payment-notices';
import type { SandboxPayments } from '@core/ports/sandbox-payments';
import { sandboxRoutes } from './routes/sandbox-routes';
import { STRIPE_WEBHOOK_PATH, stripeWebhookRoutes } from './routes/stripe-webhook-routes';
import { giftRoutes } from './routes/gift-routes';
import { paymentStarts, type PaymentStartNotes } from './payment-starts';
import { offlineGiftRoutes } from './routes/offline-gift-routes';
import { guestRoutes } from './routes/guest-routes';
import { invitationMailRoutes } from './routes/invitation-mail-routes';
import { invitationRoutes } from './routes/invitation-routes';
import { thankYouRoutes } from './routes/thank-you-routes';
import { payoutRoutes } from './routes/payout-routes';
import { adminRoutes } from './routes/admin-routes';
import { adminDisputeRoutes } from './routes/admin-dispute-routes';
import type { PhotoStore } from '@core/ports/photo-store';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import type { AttemptLimits } from './attempt-limiter';
import type { BoundedQueue } from './bounded-queue';
import type { Metrics } from './metrics';
import type { HttpState } from './http-state';
import type { Logger } from './logger';
import { refuseControlCharacters } from './middleware/control-characters';
import { secureCookiesBehindProxy } from './middleware/secure-cookies';
import { crossSiteGuard } from './middleware/cross-site-guard';
import { errorHandler } from './middleware/errors';
import { metricsEndpoint } from './middleware/metrics-endpoint';
import { requestMetrics } from './middleware/request-metrics';
import { serializeJsonOnce } from './middleware/json-once';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';
import { sessions } from './middleware/session';
import { uploadedPhotos } from './middleware/uploaded-photos';
import { webApp } from './middleware/web-app';
import { guestPageCalls, shortLinkTarget } from './guest-page-calls';
import type { RenderGuestPage } from '@api/server-rendering';
import { registryRoutes } from './routes/registry-routes';
import { hebrewDateRoutes } from './routes/hebrew-date-routes';
import { coOwnerRoutes } from './routes/co-owner-routes';
import type { CoOwnerService } from '@core/co-owner/co-owner-service';
import type { OfflineGiftService } from '@core/offline-gift/offline-gift-service';
import type { RegistryService } from '@core/registry/registry-service';
import type { GuestService } from '@core/guest/guest-service';
import type { InvitationService } from '@core/invitation/invitation-service';
import { uploadRoutes } from './routes/upload-routes';
import { sharePictureRoutes } from './routes/share-picture-routes';
import { sharePreviews } from './share-preview';
import { visitorRegistryView } from './visitor-registry-view';
import { authRoutes } from './routes/auth-routes';
import { accountRoutes } from './routes/account-routes';
import { newsletterRoutes } from './routes/newsletter-routes';
import { mailRoutes, SENDGRID_WEBHOOK_PATH } from './routes/mail-routes';
import { UNSUBSCRIBE_API_PREFIX } from '@core/mail/unsubscribe-link';
import { charityRoutes } from './routes/charity-routes';
import { systemRoutes, type PublicConfig } from './routes/system-routes';
import { jsonBody } from './middleware/json-body';
import type { ThankYouService } from '@core/thank-you/thank-you-service';
import type { NewsletterService } from '@core/newsletter/newsletter-service';
import type { GiftService } from '@core/gift/gift-service';
import type { PayoutService } from '@core/payout/payout-service';
import type { DisputeService } from '@core/dispute/dispute-service';
import type { AccountService } from '@core/account/account-service';
import type { AdminService } from '@core/admin/admin-service';
import type { MailService } from '@core/mail/mail-service';

/** Each area's use cases, built once in bootstrap; the routes hand them the acting user per call. */
export interface HttpUseCases {
  coOwners: CoOwnerService;
  offlineGifts: OfflineGiftService;
  thankYou: ThankYouService;
  newsletter: NewsletterService;
  gifts: GiftService;
  payouts: PayoutService;
  disputes: DisputeService;
  registries: RegistryService;
  guests: GuestService;
  invitations: InvitationService;
  accounts: AccountService;
  admin: AdminService;
  mail: MailService;
}

export interface HttpDependencies {
  useCases: HttpUseCases;
  repositories: Repositories & UnitOfWork;
  photos: PhotoStore;
  sanitizer: ImageSanitizer;
  /** The sandbox's card stand-in, present only when the sandbox is the provider. */
  sandbox: (PaymentGateway & SandboxPayments) | null;
  /** Stripe's webhook, present only when Stripe is the provider. */
  stripeWebhook: PaymentNotices | null;
  clock: Clock;
  logger: Logger;
  limits: AttemptLimits;
  /** Which address counted each payment's start, so a paid one gives it back (payment-starts.ts). */
  paymentStartNotes: PaymentStartNotes;
  /** Decoding photos costs memory: a few at a time, a short wait, then 503. */
  photoQueue: BoundedQueue;
  metrics: Metrics;
  checkDatabase: () => Promise<void>;
  /** True once the process was told to stop: readiness answers 503 while requests are still served. */
  shuttingDown: () => boolean;
  settings: {
    sessionSecret: string;
    publicUrl: string;
    production: boolean;
    trustProxy: boolean;
    /** With trustProxy: how many right-most X-Forwarded-For entries were written by our own proxies. */
    trustProxyHops: number;
    webRoot: string | null;
    /** The web app's renderer of guest pages; null: the browser draws every page. */
    renderGuestPage: RenderGuestPage | null;
    /** Where local-disk photos live, served at /uploads; null when photos are in the cloud. */
    uploadsDirectory: string | null;
    photoOrigins: string[];
    publicConfig: PublicConfig;
    /** The bearer token GET /metrics asks for; null: no metrics page. */
    metricsToken: string | null;
  };
}

export function createHttpApp(deps: HttpDependencies): Koa<HttpState> {
  const { settings } = deps;
  const app = new Koa<HttpState>({ keys: [settings.sessionSecret], proxy: settings.trustProxy, maxIpsCount: settings.trustProxyHops });
  const secureCookies = settings.publicUrl.startsWith('https://');
  app.silent = true;
  app.on('error', (error: NodeJS.ErrnoException, ctx?: { state?: HttpState }) => {
    const log = ctx?.state?.log ?? deps.logger;
    // A visitor who closes the tab mid-response is not a fault of ours.
    const disconnected = error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.code === 'ECONNRESET' || error.code === 'EPIPE';
    if (disconnected) log.debug({ code: error.code }, 'client went away');
    else log.error({ err: error }, 'response failed');
  });

  app.use(requestContext(deps.logger));
  // Before sessions and the rest: a scrape costs no session lookup and is not itself counted.
  app.use(metricsEndpoint({ token: settings.metricsToken, metrics: deps.metrics }));
  app.use(requestMetrics(deps.metrics));
  app.use(errorHandler({ failed: deps.metrics.failed }));
  // Answers over a kilobyte (JSON, the page shell) are compressed as they go; built assets are
  // compressed once at build time and sent as they are.
  app.use(compress({ threshold: 1024 }));
  app.use(serializeJsonOnce());
  app.use(securityHeaders({ photoOrigins: settings.photoOrigins, production: settings.production }));
  // Providers' servers post the webhooks, and mailbox providers the one-click unsubscribe (with no
  // cookie, and an Origin of their own or none): none of them is a browser acting for a victim.
  app.use(
    crossSiteGuard({
      allowedOrigins: [new URL(settings.publicUrl).origin],
      exemptPaths: [STRIPE_WEBHOOK_PATH, SENDGRID_WEBHOOK_PATH],
      exemptPrefixes: [UNSUBSCRIBE_API_PREFIX],
    }),
  );
  // The webhooks' signatures cover the raw bytes, so those routes read their body themselves.
  const readJson = jsonBody();
  const rawBodyPaths = new Set([STRIPE_WEBHOOK_PATH, SENDGRID_WEBHOOK_PATH]);
  app.use((ctx, next) => (rawBodyPaths.has(ctx.path) ? next() : readJson(ctx, next)));
  app.use(refuseControlCharacters());
  if (secureCookies) app.use(secureCookiesBehindProxy());
  for (const middleware of sessions(app, { ...deps.repositories, clock: deps.clock, secureCookies })) {
    app.use(middleware);
  }
  app.use(async (ctx, next) => {
    // Nothing an API answers is for shared caches; it may carry someone's data.
    if (ctx.path.startsWith('/api/')) ctx.set('Cache-Control', 'no-store');
    await next();
  });

  const starts = paymentStarts(deps.limits.paymentIntentsPerAddress, deps.paymentStartNotes);
  const routers = [
    systemRoutes({ publicConfig: settings.publicConfig, checkDatabase: deps.checkDatabase, shuttingDown: deps.shuttingDown }),
    authRoutes({ accounts: deps.useCases.accounts, limits: deps.limits }),
    accountRoutes({ accounts: deps.useCases.accounts, limits: deps.limits }),
    newsletterRoutes({ newsletter: deps.useCases.newsletter, limits: deps.limits }),
    mailRoutes({ mail: deps.useCases.mail }),
    charityRoutes({ charities: deps.repositories.charities }),
    registryRoutes({ registries: deps.useCases.registries, limits: deps.limits }),
    hebrewDateRoutes(),
    coOwnerRoutes({ coOwners: deps.useCases.coOwners, limits: deps.limits }),
    uploadRoutes({ photos: deps.photos, sanitizer: deps.sanitizer, limits: deps.limits, queue: deps.photoQueue, metrics: deps.metrics }),
    sharePictureRoutes({
      registries: deps.repositories.registries,
      photos: deps.photos,
      sanitizer: deps.sanitizer,
      queue: deps.photoQueue,
      metrics: deps.metrics,
    }),
    giftRoutes({ gifts: deps.useCases.gifts, paymentStarts: starts, countOutcome: deps.metrics.paymentOutcome }),
    offlineGiftRoutes({ offlineGifts: deps.useCases.offlineGifts, limits: deps.limits }),
    guestRoutes({ guestList: deps.useCases.guests }),
    invitationRoutes({ invitations: deps.useCases.invitations }),
    invitationMailRoutes({ invitations: deps.useCases.invitations, limits: deps.limits }),
    thankYouRoutes({ thankYou: deps.useCases.thankYou, limits: deps.limits }),
    payoutRoutes({ payouts: deps.useCases.payouts, registries: deps.useCases.registries }),
    adminRoutes({ admin: deps.useCases.admin }),
    adminDisputeRoutes({ disputes: deps.useCases.disputes }),
    ...(deps.sandbox
      ? [
          sandboxRoutes({
            gifts: deps.useCases.gifts,
            disputes: deps.useCases.disputes,
            gateway: deps.sandbox,
            logger: deps.logger,
            countOutcome: deps.metrics.paymentOutcome,
            paymentStarts: starts,
          }),
        ]
      : []),
    ...(deps.stripeWebhook
      ? [
          stripeWebhookRoutes({
            gifts: deps.useCases.gifts,
            disputes: deps.useCases.disputes,
            notices: deps.stripeWebhook,
            countOutcome: deps.metrics.paymentOutcome,
            paymentStarts: starts,
          }),
        ]
      : []),
  ];
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  if (settings.uploadsDirectory) app.use(uploadedPhotos(settings.uploadsDirectory));
  // The link preview and the drawn page read a visitor's registry together, once.
  const { registries, invitations } = deps.useCases;
  const registryView = visitorRegistryView(registries);
  const previews = sharePreviews({ registries, invitations, registryView, photos: deps.photos, publicUrl: settings.publicUrl });
  const guestPages = settings.renderGuestPage
    ? {
        render: settings.renderGuestPage,
        call: guestPageCalls({
          registries,
          invitations,
          charities: deps.repositories.charities,
          registryView,
          publicConfig: settings.publicConfig,
        }),
        shortLinkTarget: shortLinkTarget({ registries }),
        publicUrl: settings.publicUrl,
      }
    : null;
  for (const middleware of webApp(settings.webRoot, previews, {
    testPayments: settings.publicConfig.paymentProvider === 'sandbox',
    guestPages,
  })) {
    app.use(middleware);
  }
  return app;
}
