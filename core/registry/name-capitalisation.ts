/**
 * The child's name is shown as the family typed it; the forms only suggest capitals. A word
 * typed all in lower case ("maya") or all in capitals ("MAYA") gets a capital first letter and
 * lower case after it; a word already mixed ("McAllister", "DeShawn") keeps its letters and only
 * gains a capital first letter. Each part of a hyphenated or apostrophised name counts as a word
 * ("sarah-rose o'brien" → "Sarah-Rose O'Brien"). Particles written in lower case after the first
 * word stay so ("Eli ben David", "Ana de la Cruz").
 */
const LOWER_CASE_PARTICLES = new Set([
  'ben',
  'bat',
  'bas',
  'bar',
  'bint',
  'ibn',
  'de',
  'del',
  'della',
  'di',
  'da',
  'dos',
  'du',
  'la',
  'le',
  'van',
  'von',
  'der',
  'den',
]);

function capitaliseWord(word: string, first: boolean): string {
  if (!first && LOWER_CASE_PARTICLES.has(word)) return word;
  const uniform = word === word.toLowerCase() || (word.length > 1 && word === word.toUpperCase());
  const base = uniform ? word.toLowerCase() : word;
  return base.replace(/^\p{L}/u, (letter) => letter.toUpperCase());
}

export function suggestedCapitalisation(name: string): string {
  return name
    .split(/([^\p{L}\p{M}]+)/u)
    .map((part, index) => (index % 2 === 1 || part === '' ? part : capitaliseWord(part, index === 0)))
    .join('');
}

/** The suggestion to show under the name field, or null when the name already looks capitalised. */
export function capitalisationHint(name: string): string | null {
  const typed = name.trim();
  if (!/\p{L}/u.test(typed)) return null;
  const suggested = suggestedCapitalisation(typed);
  return suggested === typed ? null : suggested;
}
