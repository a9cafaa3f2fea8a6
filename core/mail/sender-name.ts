import type { User } from '../model/user';
import { displayName } from '../model/display-name';
import { oneLineText } from '../control-characters';
import { PRODUCT } from '../product-name';
import { unlinkedText } from '../unlinked-text';

/** A display name short enough for every mail program's From column, whatever a person called themselves. */
const MAX_NAME_LENGTH = 60;

/**
 * A person's words as the name before our address in From: one line, without the characters that
 * make a display name read as an address or a list (<>"@,;\), with no web address a mail program
 * would make a link of ("Claim your prize at evil.example"), and short. The mail adapters still
 * encode it as a header needs (RFC 5322 quoting, RFC 2047 words): this only keeps it plain to read.
 */
function cleanName(name: string): string {
  const plain = oneLineText(name)
    .replace(/[<>"@,;\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return unlinkedText([...plain].slice(0, MAX_NAME_LENGTH).join('').trim());
}

/**
 * The From name of a card the family writes: "The Cohen family via Mitzvah Gifts", from the last
 * name of the parent who sent it, or that parent's name when they gave none. Always ours after
 * "via": the address is ours, and a giver must see who carried the message.
 */
export function familySenderName(writer: User): string {
  const lastName = cleanName(writer.lastName ?? '');
  const family = lastName ? `The ${lastName} family` : cleanName(displayName(writer));
  return family ? `${family} via ${PRODUCT}` : PRODUCT;
}

/** The From name of a message one person sends another through us: "Dana Cohen via Mitzvah Gifts". */
export function personSenderName(sender: User): string {
  const name = cleanName(displayName(sender));
  return name ? `${name} via ${PRODUCT}` : PRODUCT;
}
