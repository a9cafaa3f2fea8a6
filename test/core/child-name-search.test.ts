import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childNameMatches, childNameSearchWords } from '@core/registry/child-name-search';
import type { DomainError } from '@core/errors';

/** The error a query is refused with, null when it is accepted. */
function refusal(query: unknown): DomainError | null {
  try {
    childNameSearchWords(query);
    return null;
  } catch (error) {
    return error as DomainError;
  }
}

describe('the search words', () => {
  it('splits a query at spaces, hyphens, apostrophes and full stops', () => {
    expect(childNameSearchWords('  Sarah   Coh ')).toEqual(['Sarah', 'Coh']);
    expect(childNameSearchWords("o'bri")).toEqual(['o', 'bri']);
    expect(childNameSearchWords('Sarah-Rose')).toEqual(['Sarah', 'Rose']);
  });

  it.each(['', '  ', 'st', 'ab cd', 'a-b-c', '12345', "o'b", '..', undefined, 42, ['coh']])(
    'refuses %j: one word must hold 3 letters',
    (query) => {
      const refused = refusal(query);
      expect(refused?.code).toBe('validation.failed');
      expect(refused?.fields?.q).toBe('Type at least 3 letters of the child’s first or last name');
    },
  );

  it('accepts three letters, in any alphabet', () => {
    expect(childNameSearchWords('Coh')).toEqual(['Coh']);
    expect(childNameSearchWords('Zoë')).toEqual(['Zoë']);
    expect(childNameSearchWords('שרה')).toEqual(['שרה']);
    expect(childNameSearchWords('li coh')).toEqual(['li', 'coh']);
  });

  it('refuses more than 100 characters', () => {
    expect(refusal('a'.repeat(101))?.fields?.q).toBe('Too long');
  });
});

describe('which names the words find', () => {
  it('finds a name whose words the query begins, in order and in any case', () => {
    expect(childNameMatches('Sarah Cohen', ['Coh'])).toBe(true);
    expect(childNameMatches('Sarah Cohen', ['sarah', 'COH'])).toBe(true);
    expect(childNameMatches('Sarah-Rose Cohen', ['rose'])).toBe(true);
    expect(childNameMatches("Maya O'Brien", ['bri'])).toBe(true);
    expect(childNameMatches('ÉLODIE Katz', ['élo'])).toBe(true);
  });

  it('finds nothing by the middle of a word or words out of order', () => {
    expect(childNameMatches('Sarah Cohen', ['ohe'])).toBe(false);
    expect(childNameMatches('Sarah Cohen', ['arah'])).toBe(false);
    expect(childNameMatches('Sarah Cohen', ['cohen', 'sarah'])).toBe(false);
    expect(childNameMatches('Christopher', ['stop'])).toBe(false);
  });

  it('reads every character of the query literally', () => {
    expect(childNameMatches('Sarah Cohen', ['.*'])).toBe(false);
    expect(childNameMatches('Sarah Cohen', ['s.r'])).toBe(false);
    expect(childNameMatches('Ari (Cohen)', ['(coh'])).toBe(true);
    expect(childNameMatches('Ari Cohen', ['[a-z]+'])).toBe(false);
  });

  it('finds a name by the start of any of its words, and never by a fragment that starts none', () => {
    const word = fc.stringMatching(/^[a-z]{3,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 3 }), fc.nat(), fc.integer({ min: 3, max: 8 }), (words, pick, length) => {
        const name = words.join(' ');
        const chosen = words[pick % words.length]!;
        expect(childNameMatches(name, [chosen.slice(0, length)])).toBe(true);
        const fragment = chosen.slice(1, 1 + length);
        const startsAWord = words.some((w) => w.startsWith(fragment));
        expect(childNameMatches(name, [fragment])).toBe(startsAWord || fragment === '');
      }),
    );
  });
});
