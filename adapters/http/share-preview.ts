import type { InvitationService } from '@core/invitation/invitation-service';
import type { RegistryService } from '@core/registry/registry-service';
import { isShortCode } from '@core/registry/short-code';
import { matchPattern, pageUrl, pagePatterns } from '@core/page-paths';
import { isUuid } from '@core/ids';
import type { VisitorRegistryView } from './visitor-registry-view';
import { isDomainError } from '@core/errors';
import { escapeHtml } from '@core/html';
import { celebrationTitle } from '@core/model/celebration-title';
import { hebrewDateLine } from '@core/model/hebrew-calendar';
import { hebrewDateOf } from '@core/registry/hebrew-date';
import { SHARE_PICTURE_HEIGHT, SHARE_PICTURE_TYPE, SHARE_PICTURE_WIDTH, sharePictureOf } from '@core/photo/share-picture';
import { sharePicturePath } from './routes/share-picture-routes';
import type { PhotoStore } from '@core/ports/photo-store';

export interface PagePreview {
  title: string;
  description: string;
  url: string;
  image: string | null;
  /** Whether the image is the registry's share picture (core/photo/share-picture.ts), of a known type and size. */
  imageIsSharePicture: boolean;
  /** An unlisted registry asks search engines not to index its page: only its link leads there. */
  noindex: boolean;
}

const celebrationDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * What a chat app shows for a shared registry link: the child's celebration, its date (with the
 * Hebrew date and the Shabbat's parashah) and photo; for a guest's personal link, the same as an
 * invitation, never indexed and never naming the guest (a chat's preview shows to the whole group).
 * Nothing about gifts or givers. Paths that are not registry links have no preview.
 */
export function sharePreviews(ports: {
  registries: Pick<RegistryService, 'viewByShortCode'>;
  invitations: Pick<InvitationService, 'view'>;
  registryView: VisitorRegistryView;
  photos: Pick<PhotoStore, 'owns'>;
  publicUrl: string;
}) {
  return async (path: string): Promise<PagePreview | null> => {
    const byId = matchPattern(pagePatterns.registry, path)?.id;
    const byCode = matchPattern(pagePatterns.shortLink, path)?.shortCode?.toLowerCase();
    const byLink = matchPattern(pagePatterns.guestInvitation, path)?.token;
    if (!(byId && isUuid(byId)) && !(byCode && isShortCode(byCode)) && !byLink) return null;
    try {
      const { registry } =
        byId && isUuid(byId)
          ? await ports.registryView(byId)
          : byCode && isShortCode(byCode)
            ? await ports.registries.viewByShortCode(null, byCode)
            : await ports.invitations.view(byLink!);
      const photo = registry.photoUrl;
      // A photo of ours with a share picture is shown as that picture, cropped around the family's
      // focal point: the chat app then has nothing to crop. Any other photo is shown as it is. The
      // picture's own name goes in the address, so a new photo or point is a new address for the
      // apps that keep what they fetched.
      const picture = photo !== null && ports.photos.owns(photo) ? sharePictureOf(photo, registry) : null;
      let image: string | null = null;
      if (picture) {
        const version = picture.url.slice(picture.url.lastIndexOf('/') + 1, -'.jpg'.length);
        image = `${pageUrl(ports.publicUrl, sharePicturePath(registry.id))}?v=${encodeURIComponent(version)}`;
      } else if (photo) {
        image = photo.startsWith('/') ? pageUrl(ports.publicUrl, photo) : photo;
      }
      const when = `${celebrationDay.format(registry.celebrationDate)} (${hebrewDateLine(hebrewDateOf(registry.celebrationDate, registry.hebrewCalendar))})`;
      return {
        title: byLink ? `You’re invited: ${celebrationTitle(registry)}` : celebrationTitle(registry),
        description: byLink
          ? `Celebrating on ${when}. Say whether you can come, and give a gift online: 90% goes to the family and 10% supports a Jewish charity.`
          : `Celebrating on ${when}. Give a gift online: 90% goes to the family and 10% supports a Jewish charity.`,
        url: pageUrl(ports.publicUrl, path),
        image,
        imageIsSharePicture: picture !== null,
        // A personal link is one guest's: no search engine is to list it.
        noindex: registry.unlisted || Boolean(byLink),
      };
    } catch (error) {
      if (isDomainError(error) && (error.code === 'registry.not_found' || error.code === 'invitation.not_found')) return null;
      throw error;
    }
  };
}

/** Puts the preview's title and Open Graph / Twitter tags into the app shell's head. */
export function withPreview(html: string, preview: PagePreview): string {
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Mitzvah Gifts'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    ...(preview.image ? [meta('property', 'og:image', preview.image), meta('property', 'og:image:alt', `Photo for ${preview.title}`)] : []),
    ...(preview.imageIsSharePicture
      ? [
          meta('property', 'og:image:type', SHARE_PICTURE_TYPE),
          meta('property', 'og:image:width', String(SHARE_PICTURE_WIDTH)),
          meta('property', 'og:image:height', String(SHARE_PICTURE_HEIGHT)),
        ]
      : []),
    meta('name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    ...(preview.image ? [meta('name', 'twitter:image', preview.image)] : []),
    ...(preview.noindex ? [meta('name', 'robots', 'noindex')] : []),
  ];
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(preview.title)} | Mitzvah Gifts</title>`)
    .replace(/<meta\s+name="description"[^>]*>/s, meta('name', 'description', preview.description))
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}
