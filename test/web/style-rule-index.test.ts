import { describe, expect, it } from 'vitest';
import { displayAndVisibility, framedDocument, SELECTOR_BODY, SELECTOR_RULES } from './framed-document';
import { computeStylesWhenRead } from './computed-style-when-read';
import { indexStyleRules } from './style-rule-index';

// Besides the rules of every kind, some that only the order of the cascade decides: @media rules in
// their place, !important, a rule that comes later.
const RULES = [
  ...SELECTOR_RULES,
  '@media screen { .card { display: block } .late { visibility: collapse } }',
  '@media print { .card { display: none } }',
  '.late { visibility: hidden }',
  '.important { display: ruby !important }',
  '.important.card { display: table-row }',
  '[hidden] { display: none }',
];

const BODY = `${SELECTOR_BODY}
  <p class="late">para</p><em class="note late">note</em>
  <div class="important card" style="visibility: hidden">important</div>
`;

function documentWithRules(): Document {
  const framed = framedDocument(RULES.join('\n'), BODY);
  // As the web tests read styles: through jsdom's cascade for each property, which the index serves.
  computeStylesWhenRead(framed.defaultView as Window & typeof globalThis);
  return framed;
}

/** The same change to both documents. */
function change(documents: Document[], how: (framed: Document) => void): void {
  for (const framed of documents) how(framed);
}

describe('the style rule index of the web tests', () => {
  it('computes every element style exactly as jsdom does alone, as sheets, rules and classes change', () => {
    const plain = documentWithRules();
    const indexed = documentWithRules();
    indexStyleRules(indexed);
    const both = [plain, indexed];
    const expectSame = () => expect(displayAndVisibility(indexed)).toEqual(displayAndVisibility(plain));

    expectSame();
    // A sheet added, as emotion adds one per rule.
    change(both, (framed) =>
      framed.head.insertAdjacentHTML('beforeend', '<style>.c { display: inline-block } .title { visibility: hidden }</style>'),
    );
    expectSame();
    // A rule inserted into a sheet through the CSS object model, which changes no node, then a node.
    change(both, (framed) => framed.styleSheets[0]!.insertRule('.note { visibility: collapse }', framed.styleSheets[0]!.cssRules.length));
    expectSame();
    change(both, (framed) => framed.querySelector('.note')!.setAttribute('title', 'changed'));
    expectSame();
    expect(displayAndVisibility(indexed)).toContain('EM note late: table-cell collapse');
    change(both, (framed) => framed.querySelector('.other')!.setAttribute('class', 'box late'));
    expectSame();
    change(both, (framed) => framed.head.lastElementChild!.remove());
    expectSame();
  });

  it('tries only the rules filed under what an element could match', () => {
    /** The selectors jsdom's engine is asked to check while every element's style is read. */
    const checkedSelectors = (withIndex: boolean) => {
      const framed = documentWithRules();
      const impl = Object.getOwnPropertySymbols(framed).find((symbol) => symbol.description === 'impl')!;
      const engine = (framed as unknown as Record<symbol, { _domSelector: { check: (selector: string, ...rest: unknown[]) => unknown } }>)[
        impl
      ]!._domSelector;
      const checked: string[] = [];
      const check = engine.check;
      engine.check = (selector, ...rest) => {
        checked.push(selector);
        return check(selector, ...rest);
      };
      if (withIndex) indexStyleRules(framed);
      displayAndVisibility(framed);
      return checked;
    };

    const plain = checkedSelectors(false);
    const indexed = checkedSelectors(true);

    // jsdom alone tries each rule, its default sheet's too, on each element: the two rules for .card
    // (one in @media screen) on every element, where the index tries them on the three cards only.
    expect(plain.filter((selector) => selector === '.card').length).toBeGreaterThan(40);
    expect(indexed.filter((selector) => selector === '.card')).toHaveLength(6);
    expect(indexed).not.toContain('.input::placeholder');
    expect(indexed.length).toBeLessThan(plain.length / 4);
  });
});
