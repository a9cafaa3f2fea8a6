/** Where one-click unsubscribe links point: the API path, then the sealed token. */
export const UNSUBSCRIBE_API_PREFIX = '/api/unsubscribe/';

/**
 * The one-click unsubscribe address (List-Unsubscribe and the footer's link): a POST there
 * unsubscribes at once; a GET, which mail scanners send too, changes nothing and leads to the page
 * that asks (docs/product.md#mail-on-the-familys-behalf-and-what-each-message-may-be-stopped-by).
 */
export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}${UNSUBSCRIBE_API_PREFIX}${token}`;
}
