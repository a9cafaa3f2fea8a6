import type { NoteStatus } from '../model/thank-you-note';

/** What the choice of recipients needs to know of one contributor, whatever shape it comes in. */
export interface CardCandidate {
  giverName: string;
  /** Null or blank for a gift recorded without one (a gift handed over in person, say). */
  giverEmail: string | null;
  /** The status of the gift's note, or null when it has none. */
  noteStatus: NoteStatus | null;
}

export interface CardForAllRecipients<T> {
  /** Every gift with no sent card and an e-mail to send one to. */
  recipients: T[];
  /** Gifts with no sent card that cannot be e-mailed: the family thanks them another way. */
  withoutEmail: T[];
  /** Recipients whose draft card this message replaces. */
  drafts: T[];
}

export function hasEmail(candidate: CardCandidate): boolean {
  return (candidate.giverEmail ?? '').trim() !== '';
}

/**
 * Who "Send to all without a card" sends to, over the contributors list (the server's and the
 * page's alike, so the count the family confirms is the one the server uses): every gift whose
 * card was not sent yet, drafts included, and only those that have an e-mail.
 */
export function cardForAllRecipients<T>(contributors: readonly T[], candidate: (contributor: T) => CardCandidate): CardForAllRecipients<T> {
  const unsent = contributors.filter((contributor) => candidate(contributor).noteStatus !== 'sent');
  const recipients = unsent.filter((contributor) => hasEmail(candidate(contributor)));
  return {
    recipients,
    withoutEmail: unsent.filter((contributor) => !hasEmail(candidate(contributor))),
    drafts: recipients.filter((contributor) => candidate(contributor).noteStatus === 'draft'),
  };
}
