/**
 * Someone's words in an e-mail we send, with nothing a mail program would turn into a link. Mail
 * programs make links of their own out of anything that reads as an address (https://…, www.…,
 * name.tld, a@b.org), and a card, a name or a gift's message is written by whoever opened an
 * account or gave, to addresses we did not choose: its words may be read, never followed. Each
 * dot inside a word, the colon of "://" and an at sign between words stand apart (an element of
 * their own in HTML, a zero-width space after them in plain text and in text HTML escapes later),
 * so the words read as typed while no run of text holds a whole address.
 */
const LINK_JOINTS = /(?<=\S)\.(?=[\p{L}\p{N}])|:(?=\/\/)|(?<=\S)@(?=\S)/gu;

/** For HTML already escaped (escapeHtml leaves dots, colons and at signs as they are). */
export function unlinkedHtml(escaped: string): string {
  return escaped.replace(LINK_JOINTS, (joint) => `<span>${joint}</span>`);
}

const ZERO_WIDTH_SPACE = '\u200B';

/** For the plain-text part, a subject, or text the HTML part escapes afterwards. */
export function unlinkedText(text: string): string {
  return text.replace(LINK_JOINTS, (joint) => `${joint}${ZERO_WIDTH_SPACE}`);
}
