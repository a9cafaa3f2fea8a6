import { describe, expect, it } from 'vitest';
import { displayAndVisibility, framedDocument } from './framed-document';
import { prefilterStyleRules } from './style-rule-prefilter';

// Each rule sets a display of its own, so any rule the prefilter wrongly answers shows as a
// different computed display on some element.
const RULES = [
  '.card { display: grid }',
  '.card.wide { display: table }',
  'section > .title { display: flex }',
  '.list li + li { display: list-item }',
  'ul li:not(.done) { display: inline-flex }',
  'span:is(.a, .b) { display: inline-grid }',
  'input[type="checkbox"] ~ label.box { display: contents }',
  'label[data-shrink="false"]+.field .input { display: inline-table }',
  '.input::placeholder { display: none }',
  '*, *::before { visibility: visible }',
  'DIV.Upper { display: inline-block }',
  '#lead { display: flow-root }',
  '.esc\\:aped { display: table-column }',
  'p, .note { display: table-cell }',
  'svg linearGradient { display: table-row }',
  ':focus-visible { display: table-caption }',
  '.hidden-by-attr[hidden] { display: none }',
  'em[data-state="open" i] { display: ruby }',
  '[data-state]:not([data-other]) { visibility: collapse }',
  'h2, em { visibility: hidden }',
  'svg, lineargradient { display: run-in }',
];

const BODY = `
  <section><h2 class="title">Title</h2><div class="card">a</div><div class="card wide" id="lead">b</div></section>
  <ul class="list"><li>one</li><li class="done">two</li><li>three</li></ul>
  <span class="a">a</span><span class="b c">b</span><span class="c">c</span>
  <input type="checkbox"><label class="box">box</label><label class="other">other</label>
  <label data-shrink="false">Name</label><div class="field"><input class="input"></div>
  <div class="Upper">upper</div><div class="esc:aped">escaped</div>
  <p>para</p><em class="note">note</em>
  <svg><defs><linearGradient id="g"></linearGradient></defs></svg>
  <div class="hidden-by-attr" hidden>hidden</div>
  <em data-state="OPEN">open</em><em>closed</em><span data-state data-other>other</span>
`;

const documentWithRules = () => framedDocument(RULES.join('\n'), BODY);

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
    const engine = (document as unknown as Record<symbol, { _domSelector: { check: (selector: string, ...rest: unknown[]) => unknown } }>)[impl]!._domSelector;
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
