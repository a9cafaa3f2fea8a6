import type { Clock } from './clock';
import type { PaymentGateway } from './payment-gateway';
import type { Repositories, UnitOfWork } from './repositories';

/** What recording a payment needs, and so every use case that may settle a gift on the way (giving up, deleting, changing currency). */
export interface PaymentPorts {
  unitOfWork: UnitOfWork;
  gifts: Repositories['gifts'];
  gateway: PaymentGateway;
  /** The site's public address, for links in the e-mails a gift sets off. */
  appUrl: string;
  /** Where replies to those e-mails go (SUPPORT_EMAIL). */
  supportEmail: string;
  /** When a payment is recorded, which dates its receipt; the system's clock where none is given. */
  clock?: Clock;
}
