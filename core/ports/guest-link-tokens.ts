/**
 * The token of a guest's personal link, derived from the server's secret and the guest: the same
 * guest always gets the same token, so the invitation, a resend and the reminder all carry a link
 * that works, while only its digest is stored (docs/adr/0024-personal-links-in-the-path.md).
 */
export interface GuestLinkTokens {
  tokenFor(guestId: string): string;
}
