import { DomainError } from '../errors';

/**
 * Asks the payment provider for something a person is waiting on. A provider that fails to
 * answer becomes a clear "try again" (and the original error goes to the log), never a 500.
 */
export async function askProvider<T>(call: () => Promise<T>, message: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('payment.unavailable', message, undefined, error);
  }
}
