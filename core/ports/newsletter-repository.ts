export interface NewNewsletterSubscriber {
  /** Lower-cased. */
  email: string;
  unsubscribeTokenHash: string;
  consentedAt: Date;
}

/** The newsletter list: one row per address, removed when it unsubscribes. */
export interface NewsletterRepository {
  /** Adds the address unless it is on the list already, in one statement; answers the new row's id, or null when it was there. */
  subscribe(subscriber: NewNewsletterSubscriber): Promise<{ id: string } | null>;
  /** Removes the address whose unsubscribe link has this digest; answers whether one was on the list. */
  unsubscribe(unsubscribeTokenHash: string): Promise<boolean>;
  /** Removes the address from the list (a one-click unsubscribe names the address, not a digest); answers whether it was on it. */
  unsubscribeAddress(email: string): Promise<boolean>;
  /** Whether the address is on the list. */
  isSubscribed(email: string): Promise<boolean>;
}
