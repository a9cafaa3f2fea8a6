import { InMemoryMailer } from '../../adapters/in-memory/in-memory-mailer';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemorySandboxAccountStore } from '../../adapters/in-memory/in-memory-sandbox-account-store';
import { InMemorySandboxBalance } from '../../adapters/in-memory/in-memory-sandbox-balance';
import type { OutgoingMail } from '@core/ports/mailer';
import { mailerContract, type DeliveredMail } from './mailer.contract';
import { paymentGatewayContract } from './payment-gateway.contract';
import { repositoryContract } from './repositories.contract';
import { sandboxAccountStoreContract } from './sandbox-account-store.contract';
import { sandboxBalanceContract } from './sandbox-balance.contract';

repositoryContract('in-memory fakes', async () => createInMemoryRepositories());
sandboxAccountStoreContract('in-memory fake', async () => new InMemorySandboxAccountStore());
sandboxBalanceContract('in-memory fake', async () => new InMemorySandboxBalance());
paymentGatewayContract('in-memory fake', async () => {
  const gateway = new InMemoryPaymentGateway();
  const settle =
    (status: 'succeeded' | 'failed') =>
    async ({ id }: { id: string }) => {
      gateway.intents.get(id)!.status = status;
    };
  return {
    gateway,
    pay: settle('succeeded'),
    decline: settle('failed'),
    completeOnboarding: async (accountId) => gateway.verify(accountId),
    dispute: async ({ id }) => gateway.openDispute(id).disputeId,
    settleDisputes: async () => undefined,
    now: () => new Date(),
  };
});
mailerContract('in-memory fake', async () => {
  const mailer = new InMemoryMailer();
  // The fake keeps what it was given; its recipient would read it from the contract's sender.
  const read = ({ to, replyTo, subject, text, html, senderName, unsubscribeUrl, attachments }: OutgoingMail): DeliveredMail => ({
    from: { name: senderName ?? 'Mitzvah Gifts', address: 'gifts@mitzvahgifts.test' },
    to,
    ...(replyTo ? { replyTo } : {}),
    subject,
    text,
    html,
    ...(unsubscribeUrl ? { unsubscribe: { url: unsubscribeUrl, oneClick: true } } : {}),
    ...(attachments?.length ? { attachments: attachments.map((file) => ({ ...file })) } : {}),
  });
  return { mailer, delivered: async () => mailer.sent.map(read), failNextDelivery: async () => mailer.failWith() };
});
