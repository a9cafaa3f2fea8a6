import { describe, expect, it } from 'vitest';
import { computeStylesWhenRead } from './computed-style-when-read';
import { framedDocument } from './framed-document';

const SHEET = `
  .panel { display: flex; color: rgb(10, 20, 30); padding-right: 17px; float: left }
  .panel .muted { visibility: hidden; pointer-events: none; background-color: #fafafa }
  .panel .muted .shown { visibility: visible }
  [hidden] { display: none }
  .outlined { border: 2px solid currentcolor; outline-color: red }
`;

const BODY = `
  <div class="panel"><p class="muted">a <span class="shown">b</span></p><em class="outlined">c</em></div>
  <section hidden><button style="color: green; padding-right: 4px">d</button></section>
`;

/** What a reader sees of each element's computed style, by member and by getPropertyValue. */
function readings(framed: Document): string[] {
  const view = framed.defaultView!;
  return [...framed.querySelectorAll('*')].map((element) => {
    const style = view.getComputedStyle(element);
    return [
      element.tagName,
      style.display,
      style.visibility,
      style.pointerEvents,
      style.color,
      style.backgroundColor,
      style.borderTopColor,
      style.outlineColor,
      style.paddingRight,
      style.cssFloat,
      style.getPropertyValue('padding-right'),
      style.getPropertyValue('visibility'),
      style.length > 0,
      String(style),
      style.constructor === view.CSSStyleDeclaration,
      typeof style.toString,
    ].join(' | ');
  });
}

describe('computed styles answered when read (the web tests’ getComputedStyle)', () => {
  it('reads every property as jsdom computes it, before and after the page changes', () => {
    const plain = framedDocument(SHEET, BODY);
    const whenRead = framedDocument(SHEET, BODY);
    computeStylesWhenRead(whenRead.defaultView as Window & typeof globalThis);

    expect(readings(whenRead)).toEqual(readings(plain));

    for (const framed of [plain, whenRead]) {
      framed.querySelector('.muted')!.classList.remove('muted');
      framed.querySelector('section')!.removeAttribute('hidden');
    }
    expect(readings(whenRead)).toEqual(readings(plain));
    expect(readings(whenRead).filter((line) => /^(P|SECTION) /.test(line))).toEqual([
      expect.stringMatching(/^P \| block \| visible \| auto /),
      expect.stringMatching(/^SECTION \| block \| visible /),
    ]);
  });

  it('builds no whole declaration for a property that is read, only for what else is asked', () => {
    const framed = framedDocument(SHEET, BODY);
    const view = framed.defaultView as Window & typeof globalThis;
    const whole = view.getComputedStyle.bind(view);
    let built = 0;
    view.getComputedStyle = (element, pseudoElement) => {
      built += 1;
      return whole(element, pseudoElement);
    };
    computeStylesWhenRead(view);

    const style = view.getComputedStyle(framed.querySelector('.shown')!);
    expect([style.display, style.visibility, style.getPropertyValue('pointer-events')]).toEqual(['inline', 'visible', 'none']);
    expect(built).toBe(0);
    expect(style.length).toBeGreaterThan(0);
    expect(built).toBe(1);
  });
});
