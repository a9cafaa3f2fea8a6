import { paths } from '@core/page-paths';

/** The link used for sharing a registry: the site's origin and /r/{shortCode}. */
export function shortLinkOf(shortCode: string): string {
  return `${window.location.origin}${paths.shortLink(shortCode)}`;
}

/** The same link as a person types it from paper: no "https://". */
export function printedLinkOf(shortCode: string): string {
  return shortLinkOf(shortCode).replace(/^https?:\/\//, '');
}
