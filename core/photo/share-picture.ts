import { DomainError } from '../errors';
import { askingPhotoStore } from './photo-store-unavailable';
import type { ImageSanitizer, PhotoArea } from '../ports/image-sanitizer';
import type { PhotoStore } from '../ports/photo-store';
import type { Repositories } from '../ports/repositories';
import type { PhotoFocus } from '../model/photo-focus';
import { registryNotFound } from '../access/registry-not-found';
import { responsivePhoto } from '../model/photo-variants';

/**
 * The picture a chat app shows for a shared registry link: the photo cropped to the 1.91 : 1 of a
 * large link preview, so the app has nothing left to crop (it would crop around the centre, and a
 * portrait would lose the child's head). The crop keeps the family's focal point as the pages'
 * crops do.
 */
export const SHARE_PICTURE_WIDTH = 1200;
export const SHARE_PICTURE_HEIGHT = 630;
export const SHARE_PICTURE_TYPE = 'image/jpeg';

/**
 * The largest 1.91 : 1 area of a photo this size that keeps the focal point where CSS's
 * `object-fit: cover` with `object-position: X% Y%` keeps it (as the registry's banner and cards
 * draw it): the point X% across the photo is X% across the area, so it is always inside.
 */
export function shareCrop(width: number, height: number, focus: PhotoFocus): PhotoArea {
  const ratio = SHARE_PICTURE_WIDTH / SHARE_PICTURE_HEIGHT;
  const wide = width / height > ratio;
  const areaWidth = wide ? Math.max(1, Math.min(width, Math.round(height * ratio))) : width;
  const areaHeight = wide ? height : Math.max(1, Math.min(height, Math.round(width / ratio)));
  return {
    left: Math.round(((width - areaWidth) * focus.photoFocusX) / 100),
    top: Math.round(((height - areaHeight) * focus.photoFocusY) / 100),
    width: areaWidth,
    height: areaHeight,
  };
}

/**
 * The share picture of a photo with this focal point: where it is kept, beside the photo
 * (`<id>-<width>x<height>-share-<x>-<y>.jpg`), and the area of the photo it shows. Null for a
 * photo without its size in its name (one uploaded before sizes were kept, or an animated one): its
 * preview shows the photo as it is.
 */
export function sharePictureOf(photoUrl: string, focus: PhotoFocus): { url: string; area: PhotoArea } | null {
  const { width, height } = responsivePhoto(photoUrl);
  if (width === undefined) return null;
  const slash = photoUrl.lastIndexOf('/');
  const name = photoUrl.slice(slash + 1).replace(/\.[a-z]+$/, '');
  return {
    url: `${photoUrl.slice(0, slash + 1)}${name}-share-${focus.photoFocusX}-${focus.photoFocusY}.jpg`,
    area: shareCrop(width, height, focus),
  };
}

interface SharePicturePorts {
  registries: Pick<Repositories['registries'], 'findById'>;
  photos: PhotoStore;
  sanitizer: ImageSanitizer;
  /** Decoding a photo costs memory: the making of a picture waits its turn here (the uploads' queue). */
  decodeInTurn: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * The share picture of a registry's photo, for anyone who has its link (a chat app's preview of
 * it): the one kept beside the photo, else made from the photo and kept for the next ask. Refused
 * as not found for a registry that is gone, and for one without a photo of ours that has one (see
 * sharePictureOf).
 */
export async function registrySharePicture(registryId: string, ports: SharePicturePorts): Promise<Uint8Array> {
  const registry = await ports.registries.findById(registryId);
  if (!registry || !registry.isActive) throw registryNotFound();
  const photoUrl = registry.photoUrl;
  const picture = photoUrl && ports.photos.owns(photoUrl) ? sharePictureOf(photoUrl, registry) : null;
  const noPhoto = () => new DomainError('photo.not_found', 'This registry has no photo to share');
  if (!photoUrl || !picture) throw noPhoto();
  const { url, area } = picture;

  // Reading a picture already made waits for nobody: only the making takes a turn.
  const kept = await askingPhotoStore(() => ports.photos.read(url));
  if (kept) return kept;
  return ports.decodeInTurn(async () => {
    const original = await askingPhotoStore(() => ports.photos.read(photoUrl));
    if (!original) throw noPhoto();
    const bytes = await ports.sanitizer.crop(original, area, SHARE_PICTURE_WIDTH, SHARE_PICTURE_HEIGHT);
    await askingPhotoStore(async () => {
      try {
        await ports.photos.save(url.slice(url.lastIndexOf('/') + 1), bytes, SHARE_PICTURE_TYPE);
      } catch (error) {
        // Two asks at once both made it, and the second keep was refused as a name already taken:
        // the picture is the same. Any other failure to keep it (a full disk) is said, not hidden.
        if (!(await ports.photos.read(url))) throw error;
      }
    });
    return bytes;
  });
}
