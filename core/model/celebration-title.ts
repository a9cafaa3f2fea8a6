import { oneLineText } from '../control-characters';

/**
 * Whose celebration a registry is for, as the family chose it when creating the registry. A
 * family may prefer not to say (and every registry from before the question existed is taken as
 * that choice): the product then says 'Bar/Bat Mitzvah', as the spec writes it.
 */
export const CELEBRATION_TYPES = ['bar', 'bat', 'bnai', 'unspecified'] as const;
export type CelebrationType = (typeof CELEBRATION_TYPES)[number];

export const DEFAULT_CELEBRATION_TYPE: CelebrationType = 'unspecified';

const CELEBRATION_NAMES: Record<CelebrationType, string> = {
  bar: 'Bar Mitzvah',
  bat: 'Bat Mitzvah',
  // Twins, or siblings celebrating together.
  bnai: "B'nai Mitzvah",
  unspecified: 'Bar/Bat Mitzvah',
};

/** 'Bat Mitzvah', or the spec's 'Bar/Bat Mitzvah' when the family chose not to say. */
export function celebrationName(type: CelebrationType): string {
  return CELEBRATION_NAMES[type] ?? CELEBRATION_NAMES[DEFAULT_CELEBRATION_TYPE];
}

/**
 * The one title of a registry, used by pages, cards, e-mails and link previews alike:
 * "{childName}'s Bat Mitzvah" (spec: "{childName}'s Bar/Bat Mitzvah"). On one line and drawn
 * as typed, whatever a name stored before the schemas refused control characters holds.
 */
export function celebrationTitle(registry: { childName: string; celebrationType: CelebrationType }): string {
  return `${oneLineText(registry.childName)}'s ${celebrationName(registry.celebrationType)}`;
}
