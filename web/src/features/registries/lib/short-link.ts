import { paths } from '@core/page-paths';

/** The link used for sharing a registry: the site's origin (useSiteOrigin) and /r/{shortCode}. */
export function shortLinkOf(origin: string, shortCode: string): string {
  return `${origin}${paths.shortLink(shortCode)}`;
}

/** The same link as a person types it from paper: no "https://". */
export function printedLinkOf(origin: string, shortCode: string): string {
  return shortLinkOf(origin, shortCode).replace(/^https?:\/\//, '');
}
