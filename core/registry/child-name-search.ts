import { DomainError } from '../errors';

/**
 * How guests find a registry by the child's name, without a short fragment listing every child:
 * the query's words must begin words of the name, in order ("Coh" and "Sarah Coh" find "Sarah
 * Cohen"; "ohe" and "Cohen Sarah" do not), ignoring letter case, and one of them must have at
 * least three letters.
 */

export const SEARCH_MIN_LETTERS = 3;
export const SEARCH_MAX_LENGTH = 100;

/**
 * What separates the words of a name: white space, hyphens, apostrophes and full stops
 * ("Sarah-Rose O'Brien" has the words sarah, rose, o and brien). A bracket expression that reads
 * the same as a JavaScript and as a PostgreSQL regular expression.
 */
export const NAME_WORD_SEPARATOR = "[\\s'’.-]";

const SEPARATORS = new RegExp(`${NAME_WORD_SEPARATOR}+`, 'u');
const LETTER = /\p{L}/gu;

const letterCount = (word: string) => word.match(LETTER)?.length ?? 0;

/**
 * The words of a search query, checked: at least one of them holds three letters, and the whole
 * is at most 100 characters. Anything else is refused with a message for the field q.
 */
export function childNameSearchWords(query: unknown): string[] {
  const text = typeof query === 'string' ? query.trim() : '';
  if (text.length > SEARCH_MAX_LENGTH) {
    throw new DomainError('validation.failed', `Search can be at most ${SEARCH_MAX_LENGTH} characters`, { q: 'Too long' });
  }
  const words = text.split(SEPARATORS).filter((word) => word !== '');
  if (!words.some((word) => letterCount(word) >= SEARCH_MIN_LETTERS)) {
    const message = `Type at least ${SEARCH_MIN_LETTERS} letters of the child’s first or last name`;
    throw new DomainError('validation.failed', message, { q: message });
  }
  return words;
}

/**
 * Every character but letters and digits escaped: read literally by PostgreSQL's regular
 * expressions and by JavaScript's without the u flag.
 */
const escapeForPattern = (word: string) => word.replace(/[^\p{L}\p{N}]/gu, (character) => `\\${character}`);

/**
 * The rule as a regular expression, matched without regard to case: the words start a word of the
 * name, one after another, separated as the name's words are.
 */
export function wordPrefixPattern(words: readonly string[]): string {
  return `(^|${NAME_WORD_SEPARATOR})${words.map(escapeForPattern).join(`${NAME_WORD_SEPARATOR}+`)}`;
}

/** Whether a child's name is found by these words (the in-memory repository's reading of the rule). */
export function childNameMatches(childName: string, words: readonly string[]): boolean {
  return new RegExp(wordPrefixPattern(words.map((word) => word.toLowerCase()))).test(childName.toLowerCase());
}
