import type { MessageAnswer } from '@api/registries';

/** The same answer for a new address and one already on the list: the list is nobody else's business. */
export function presentSubscribed(email: string) {
  return {
    message: `Thank you! ${email} is on our newsletter list. Every e-mail we send it has a link to unsubscribe.`,
  } satisfies MessageAnswer;
}

export function presentUnsubscribed() {
  return { message: 'You are unsubscribed: this address is no longer on our newsletter list.' } satisfies MessageAnswer;
}
