export { createMailQueue } from './mikro-orm-mail-queue';
export { startMailWorker, DEFAULT_RETRY_DELAYS_MS, type MailWorker, type MailWorkerOptions, type MailWorkerLogger } from './mail-worker';
export { purgeSentMail } from './purge-sent-mail';
export { applyMailEvents, createMailEventInbox, purgeAppliedMailEvents, type AppliedMailEvent } from './mail-events';
