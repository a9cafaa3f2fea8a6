/** "sarah-rose cohen" → "Sarah-Rose Cohen": each word and each part of a hyphenated word. */
export function capitaliseName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_match, before: string, letter: string) => `${before}${letter.toUpperCase()}`);
}

/** The message a card starts with: the giver greeted by name, thanked, signed by the child. */
export function defaultThankYouMessage(giverName: string, childName: string): string {
  return [
    `Dear ${giverName.trim()},`,
    '',
    'Thank you so much for your generous gift and for being part of my Bar/Bat Mitzvah. Your kindness means a great deal to me and my family, and I am proud that part of your gift also supports a Jewish charity.',
    '',
    'With gratitude,',
    capitaliseName(childName),
  ].join('\n');
}
