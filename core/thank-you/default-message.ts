import { celebrationName, DEFAULT_CELEBRATION_TYPE, type CelebrationType } from '../model/celebration-title';

/** "sarah-rose cohen" → "Sarah-Rose Cohen": each word and each part of a hyphenated word. */
export function capitaliseName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_match, before: string, letter: string) => `${before}${letter.toUpperCase()}`);
}

/**
 * The message a card starts with: the giver greeted by name, thanked for being part of the
 * celebration the family named (twins celebrating together speak as "we"), signed by the child.
 * A gift given by hand went to the family alone, so its card says nothing of a charity's part.
 */
export function defaultThankYouMessage(
  giverName: string,
  childName: string,
  celebrationType: CelebrationType = DEFAULT_CELEBRATION_TYPE,
  givenByHand = false,
): string {
  const together = celebrationType === 'bnai';
  const [our, us, we] = together ? ['our', 'us', 'we are'] : ['my', 'me', 'I am'];
  const kindness = givenByHand
    ? `Your kindness means a great deal to ${us} and ${our} family.`
    : `Your kindness means a great deal to ${us} and ${our} family, and ${we} proud that part of your gift also supports a Jewish charity.`;
  return [
    `Dear ${giverName.trim()},`,
    '',
    `Thank you so much for your generous gift and for being part of ${our} ${celebrationName(celebrationType)}. ${kindness}`,
    '',
    'With gratitude,',
    capitaliseName(childName),
  ].join('\n');
}
