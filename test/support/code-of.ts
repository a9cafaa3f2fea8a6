import type { DomainError } from '@core/errors';

/** The DomainError code a promise fails with, 'no error' when it does not fail. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as DomainError).code ?? String(error);
  }
  return 'no error';
}
