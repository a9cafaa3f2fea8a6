import { isApiError } from './api-fetch';

/** The text to show for a failed call or action. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}

/**
 * What the server said about a failed call (its `message`, else its `error`), the network
 * message when the server was not reached, or the fallback when the answer said nothing useful.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 0) return error.message;
  const body = error.body;
  if (typeof body === 'object' && body !== null) {
    for (const field of ['message', 'error'] as const) {
      const value = (body as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
  }
  return fallback;
}
