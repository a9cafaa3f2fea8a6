import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillPattern, isPagePath, matchPattern, pagePatterns, pageUrl, paths, tokenPageUrl } from '@core/page-paths';

describe('the page table', () => {
  it('links each page at the address its pattern matches, whatever the id holds', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (id, giftId) => {
        expect(matchPattern(pagePatterns.registry, paths.registry(id))).toEqual({ id });
        expect(matchPattern(pagePatterns.thankYouCardPrint, paths.thankYouCardPrint(id, giftId))).toEqual({ id, giftId });
        // An id is one segment: a slash in it cannot reach another page.
        expect(matchPattern(pagePatterns.registryGifts, paths.registry(id))).toBeNull();
      }),
    );
  });

  it('matches a page with a trailing slash, and nothing longer or shorter', () => {
    expect(matchPattern(pagePatterns.shortLink, '/r/abc123/')).toEqual({ shortCode: 'abc123' });
    expect(matchPattern(pagePatterns.shortLink, '/r/abc123/more')).toBeNull();
    expect(matchPattern(pagePatterns.registry, '/registry/')).toBeNull();
    expect(matchPattern(pagePatterns.registry, '/registry/%E0%A4%A')).toBeNull();
  });

  it('knows every page the links lead to, in any case as the app’s router does, and no other address', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (id) => {
        expect(isPagePath(paths.registry(id))).toBe(true);
        expect(isPagePath(`${paths.gift(id)}/`)).toBe(true);
      }),
    );
    expect(
      Object.values(pagePatterns).map((pattern) =>
        isPagePath(fillPattern(pattern, { id: 'a1', giftId: 'b2', shortCode: 'c3', category: 'reminders', token: 'd4' })),
      ),
    ).not.toContain(false);
    expect(['/FAQ', '/Registry/a1/Gifts', '/', '/f%61q', '/registry/%E2%9C%93', '/registry/%E0%A4%A'].map(isPagePath)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['/faqs', '/registry', '/registry/a1/gift', '/admin', '/r/abc/def', '/no-such-page', '/f%61qs', '/%E0%A4%A'].map(isPagePath),
    ).toEqual([false, false, false, false, false, false, false, false]);
  });

  it('refuses to fill a pattern without its params', () => {
    expect(() => fillPattern(pagePatterns.thankYouCardPrint, { id: 'r-1' })).toThrow(
      'the page /thank-you-cards/:id/print/:giftId needs its giftId',
    );
  });

  it('makes absolute links for e-mails, with single-use tokens in the fragment', () => {
    expect(pageUrl('https://gifts.example.org/', paths.registry('r-1'))).toBe('https://gifts.example.org/registry/r-1');
    expect(tokenPageUrl('https://gifts.example.org', paths.resetPassword, 'tok_en-1')).toBe(
      'https://gifts.example.org/reset-password#token=tok_en-1',
    );
  });
});
