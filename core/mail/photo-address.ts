/** A mail client loads images from absolute addresses only; our own photos are paths on this site. */
export function absolutePhotoUrl(url: string, appUrl: string): string {
  return url.startsWith('/') ? `${appUrl.replace(/\/+$/, '')}${url}` : url;
}
