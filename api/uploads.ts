import { errorSchema } from './errors';
import { exactObject, text } from './json-schema';
import { operation } from './operation';

export const uploadedPhotoSchema = exactObject({ photoUrl: text });

/** The upload widget reads `error` (docs/product.md#answer-shapes); `message` is every error's. */
export const uploadErrorSchema = exactObject({ message: text, error: text });

/**
 * The route's own refusals carry both; a request refused before it reaches the route (control
 * characters in the query, a cross-site origin) gets the app's usual {message, errors?}.
 */
const uploadRefusalSchema = { anyOf: [uploadErrorSchema, errorSchema] } as const;

export const uploadOperations = [
  operation({
    method: 'POST',
    path: '/api/objects/upload',
    operationId: 'uploadPhoto',
    session: 'required',
    summary: 'Upload one photo (multipart/form-data, field "file"; signed in)',
    responses: { 201: { description: 'Where the re-encoded photo is served', schema: uploadedPhotoSchema } },
    errorBody: uploadRefusalSchema,
  }),
];
