import { describe, expect, it } from 'vitest';
import { displayAndVisibility, framedDocument, SELECTOR_BODY, SELECTOR_RULES } from './framed-document';
import { prefilterStyleRules } from './style-rule-prefilter';

const documentWithRules = () => framedDocument(SELECTOR_RULES.join('\n'), SELECTOR_BODY);

describe('the style rule prefilter of the web tests', () => {
  it('computes every element style exactly as jsdom does alone', () => {
    const plain = documentWithRules();
    const prefiltered = documentWithRules();
    prefilterStyleRules(prefiltered);

    expect(displayAndVisibility(prefiltered)).toEqual(displayAndVisibility(plain));
  });

  it("leaves to jsdom's selector engine only the rules an element could match", () => {
    const document = documentWithRules();
    const checked: string[] = [];
    const impl = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl')!;
    const engine = (document as unknown as Record<symbol, { _domSelector: { check: (selector: string, ...rest: unknown[]) => unknown } }>)[
      impl
    ]!._domSelector;
    const check = engine.check;
    engine.check = (selector, ...rest) => {
      checked.push(selector);
      return check(selector, ...rest);
    };
    prefilterStyleRules(document);

    displayAndVisibility(document);

    // Without the prefilter, each rule is tried on each of the page's elements. A rule of classes
    // only is answered from the element's classes; one with a combinator goes to the engine for
    // the elements with the class it ends in.
    expect(checked.filter((selector) => selector === '.card')).toHaveLength(0);
    expect(checked.filter((selector) => selector === 'section > .title')).toHaveLength(1);
    // A list of tags is answered from the element's tag, and an attribute the element lacks rules it out.
    expect(checked.filter((selector) => selector === 'h2, em')).toHaveLength(0);
    expect(checked.filter((selector) => selector === 'em[data-state="open" i]')).toHaveLength(1);
    expect(checked.filter((selector) => selector === 'svg linearGradient')).toHaveLength(1);
    expect(checked).not.toContain('.input::placeholder');
  });
});
