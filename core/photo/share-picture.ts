import { DomainError } from '../errors';
import type { ImageSanitizer, PhotoArea } from '../ports/image-sanitizer';
import type { PhotoStore } from '../ports/photo-store';
import type { Repositories } from '../ports/repositories';
import type { PhotoFocus } from '../registry/photo-focus';
import { registryNotFound } from '../registry/registry-not-found';
import { responsivePhoto } from './photo-variants';

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
 * Where the share picture of a photo with this focal point is kept, beside the photo:
 * `<id>-<width>x<height>-share-<x>-<y>.jpg`. Null for a photo without its size in its name (one
 * uploaded before sizes were kept, or an animated one): its preview shows the photo as it is.
 */
export function sharePictureUrl(photoUrl: string, focus: PhotoFocus): string | null {
  const photo = responsivePhoto(photoUrl);
  if (photo.width === undefined) return null;
  const slash = photoUrl.lastIndexOf('/');
  const name = photoUrl.slice(slash + 1).replace(/\.[a-z]+$/, '');
  return `${photoUrl.slice(0, slash + 1)}${name}-share-${focus.photoFocusX}-${focus.photoFocusY}.jpg`;
}

/**
 * The share picture's bytes: the one kept beside the photo, else made from the photo and kept for
 * the next ask. Null when the photo has no share picture (see sharePictureUrl) or is gone.
 */
export async function sharePicture(photo: { photoUrl: string; focus: PhotoFocus }, ports: { photos: PhotoStore; sanitizer: ImageSanitizer }): Promise<Uint8Array | null> {
  const url = sharePictureUrl(photo.photoUrl, photo.focus);
  const { width, height } = responsivePhoto(photo.photoUrl);
  if (url === null || width === undefined || !ports.photos.owns(photo.photoUrl)) return null;
  const kept = await ports.photos.read(url);
  if (kept) return kept;
  const original = await ports.photos.read(photo.photoUrl);
  if (!original) return null;
  const bytes = await ports.sanitizer.crop(original, shareCrop(width, height, photo.focus), SHARE_PICTURE_WIDTH, SHARE_PICTURE_HEIGHT);
  // Keeping it saves the next ask the work; two asks at once both make it, and the second keep is
  // refused as a name already taken. Either way the picture is the same, and is answered.
  await ports.photos.save(url.slice(url.lastIndexOf('/') + 1), bytes, SHARE_PICTURE_TYPE).catch(() => undefined);
  return bytes;
}

/**
 * The share picture of a registry's photo, for anyone who has its link (a chat app's preview of
 * it): refused as not found for a registry that is gone, and for one without a photo that has one.
 */
export async function registrySharePicture(
  registryId: string,
  ports: { registries: Pick<Repositories['registries'], 'findById'>; photos: PhotoStore; sanitizer: ImageSanitizer },
): Promise<Uint8Array> {
  const registry = await ports.registries.findById(registryId);
  if (!registry || !registry.isActive) throw registryNotFound();
  const picture = registry.photoUrl ? await sharePicture({ photoUrl: registry.photoUrl, focus: registry }, ports) : null;
  if (!picture) throw new DomainError('photo.not_found', 'This registry has no photo to share');
  return picture;
}
