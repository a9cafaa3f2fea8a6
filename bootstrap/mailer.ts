import path from 'node:path';
import type { MailEventInbox } from '@core/ports/mail-events';
import type { Mailer } from '@core/ports/mailer';
import { OutboxMailer } from '../adapters/mail/outbox-mailer';
import type { Logger } from '../adapters/http/logger';
import type { AppConfig } from './config';

/**
 * SendGrid when configured (its SDK loaded only then); otherwise .eml files in the data folder,
 * whose test addresses report to the same inbox as SendGrid's webhook.
 */
export async function createMailer(config: AppConfig, logger: Logger, events: MailEventInbox): Promise<Mailer> {
  if (config.mail.provider === 'sendgrid') {
    const { SendGridMailer } = await import('../adapters/mail/sendgrid-mailer');
    return new SendGridMailer({ apiKey: config.mail.apiKey, from: config.mail.from });
  }
  return new OutboxMailer({ directory: path.join(config.dataDir, 'outbox'), from: config.mail.from, logger, events });
}
