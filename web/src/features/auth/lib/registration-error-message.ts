export const USERNAME_TAKEN_MESSAGE = 'This username is already taken. Please choose another.';
const MISSING_FIELDS_MESSAGE = 'Please fill in all required fields.';
const REGISTRATION_FALLBACK_MESSAGE = 'Please check your information and try again.';

/**
 * The description of the 'Registration failed' toast (docs/product.md#validation-rules): known server messages get
 * friendlier words; any other message is shown without a leading status prefix such as "400: ".
 */
export function registrationErrorMessage(serverMessage: string | null | undefined): string {
  const message = serverMessage ?? '';
  if (message.includes('Username already exists')) return USERNAME_TAKEN_MESSAGE;
  if (message.includes('Missing required fields')) return MISSING_FIELDS_MESSAGE;
  const withoutStatus = message.replace(/^\s*\d+\s*:\s*/, '').trim();
  return withoutStatus || REGISTRATION_FALLBACK_MESSAGE;
}
