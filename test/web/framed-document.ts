/**
 * A document in a frame of its own, with a window and a selector engine of its own, which the web
 * tests' setup has not wrapped: what a test of that setup compares with.
 */
export function framedDocument(sheet: string, body: string): Document {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const framed = frame.contentDocument!;
  framed.head.innerHTML = `<style>${sheet}</style>`;
  framed.body.innerHTML = body;
  return framed;
}

/** Each element's tag and classes, with the display and visibility its window computes for it. */
export function displayAndVisibility(framed: Document): string[] {
  return [...framed.querySelectorAll('*')].map((element) => {
    const style = framed.defaultView!.getComputedStyle(element);
    return `${element.tagName} ${element.getAttribute('class') ?? ''}: ${style.display} ${style.visibility}`;
  });
}

/**
 * Rules of every kind the web tests' style setup reads (classes, tags, combinators, attributes,
 * :is() and :not(), pseudo-elements, escapes, foreign elements), each setting a display or a
 * visibility of its own, so a rule answered wrongly shows as a different computed style on some
 * element of SELECTOR_BODY.
 */
export const SELECTOR_RULES = [
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

export const SELECTOR_BODY = `
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
