import { text } from './json-schema';

/** Every refusal and failure: {message}, plus one message per field when a form was refused. */
export const errorSchema = {
  type: 'object',
  properties: {
    message: text,
    errors: { type: 'object', additionalProperties: text },
  },
  required: ['message'],
  additionalProperties: false,
} as const;

/** What every call may answer besides its own answers: the errors. */
export const ERROR_DESCRIPTION = 'The call was refused or failed; message says why in words a person can read.';
