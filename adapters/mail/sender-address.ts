import addressparser from 'nodemailer/lib/addressparser';

export interface SenderAddress {
  name: string;
  address: string;
}

/**
 * The configured sender ("Mitzvah Gifts <gifts@example.org>" or a bare address) as a name and an
 * address, read by nodemailer's address parser: mail written on someone's behalf keeps the address
 * and puts its own name before it.
 */
export function parseSender(from: string): SenderAddress {
  const [first] = addressparser(from, { flatten: true });
  if (!first?.address) throw new Error('The sender must be one address, such as "Mitzvah Gifts <gifts@example.org>"');
  return { name: first.name, address: first.address };
}

/** The From of one message: its own display name when it has one, else the configured sender's. */
export function senderOf(sender: SenderAddress, senderName: string | undefined): SenderAddress {
  return senderName ? { name: senderName, address: sender.address } : sender;
}
