/** What the owner is told about a bank transfer: it went, or why it has not (yet). */
export type TransferOutcome = { success: true } | { success: false; reason: string; message: string };

/**
 * The reason recorded when the provider did not answer a transfer: its outcome is unknown (it may
 * even have gone through), unlike a refusal, which the provider states.
 */
export const PROVIDER_UNAVAILABLE = 'provider_unavailable';
