import type { Suppression, SuppressionScope } from '../model/suppression';

/** The suppression list (core/model/suppression.ts): addresses that messages of a scope must not go to. */
export interface MailSuppressionRepository {
  /** Puts the address under the scope, or refreshes the reason and time it is there for. */
  add(suppression: Suppression): Promise<void>;
  /** The address's suppressions, of every scope. */
  listFor(address: string): Promise<Suppression[]>;
  /** Lifts one scope of the address's suppressions (a new newsletter subscription lifts its unsubscribe); answers whether it was there. */
  remove(address: string, scope: SuppressionScope): Promise<boolean>;
  /** Lifts the address's bounce and drop suppressions (a family checked the address); answers whether there was one. */
  liftUndeliverable(address: string): Promise<boolean>;
}
