import type { Registry } from '../model/registry';
import { unlinkedText } from '../unlinked-text';

/** Where the family's money goes, by `method` (the registry's unless told), in the family's words, which become no link. */
export function howPaid(registry: Registry, method = registry.payoutMethod): string {
  if (method === 'paypal') return `PayPal to ${unlinkedText(registry.paypalEmail ?? '')}`;
  if (method === 'check') {
    const address = `${registry.mailingName ?? ''}, ${registry.mailingAddress ?? ''}, ${registry.mailingCity ?? ''}, ${registry.mailingState ?? ''} ${registry.mailingZip ?? ''}, ${registry.mailingCountry}`;
    return `Check to ${unlinkedText(address)}`;
  }
  return 'Bank transfer';
}
