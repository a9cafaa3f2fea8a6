/**
 * The one placeholder a card for everyone may hold: where it stands, each giver's card shows their
 * own name. Curly brackets mark it, and nothing else may be in them, so a misspelt placeholder is
 * caught before thirty guests read "Dear {nmae}". Letter case and spaces inside are forgiven.
 */
export const GIVER_NAME_PLACEHOLDER = '{name}';

const PLACEHOLDER = /\{\s*name\s*\}/gi;

/** The message as one giver reads it. */
export function fillGiverName(template: string, giverName: string): string {
  const name = giverName.trim();
  return template.replace(PLACEHOLDER, () => name);
}

/** What is wrong with the placeholders of a message for everyone, or null when nothing is. */
export function placeholderProblem(template: string): string | null {
  if (!new RegExp(PLACEHOLDER.source, 'i').test(template)) return `Write ${GIVER_NAME_PLACEHOLDER} where each giver’s name goes`;
  if (/[{}]/.test(template.replace(PLACEHOLDER, ''))) return `Only ${GIVER_NAME_PLACEHOLDER} can go in curly brackets: check its spelling`;
  return null;
}
