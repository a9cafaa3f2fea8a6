/** The largest photo anyone may upload: the browser checks it before sending, the server again. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
