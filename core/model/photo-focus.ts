/**
 * The point of a registry's photo that every crop keeps in view (the child's face, say): how far
 * across and how far down the photo it lies, in whole percent. A photo's crops (the registry's
 * banner, its cards) centre on it as far as the crop allows. No yup here, as the guest pages'
 * crops read this module; the calls' rules are in registry-schemas.ts.
 */
export interface PhotoFocus {
  photoFocusX: number;
  photoFocusY: number;
}

export const PHOTO_FOCUS_MIN = 0;
export const PHOTO_FOCUS_MAX = 100;
/** The centre: where a crop centred on nothing in particular would look. */
export const DEFAULT_PHOTO_FOCUS: PhotoFocus = { photoFocusX: 50, photoFocusY: 50 };

/**
 * The point a registry keeps after an edit: the one the call gives, else the one it had, unless
 * the photo changed, whose old point means nothing on the new photo.
 */
export function photoFocusAfterEdit(
  given: { photoFocusX?: number | undefined; photoFocusY?: number | undefined },
  before: PhotoFocus & { photoUrl: string | null },
  photoUrl: string | null,
): PhotoFocus {
  const kept = photoUrl === before.photoUrl ? before : DEFAULT_PHOTO_FOCUS;
  return { photoFocusX: given.photoFocusX ?? kept.photoFocusX, photoFocusY: given.photoFocusY ?? kept.photoFocusY };
}

/** CSS object-position for a crop of the photo, e.g. '50% 30%'. */
export function photoObjectPosition(focus: PhotoFocus): string {
  return `${focus.photoFocusX}% ${focus.photoFocusY}%`;
}
