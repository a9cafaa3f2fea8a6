import { createRequire } from 'node:module';

/**
 * jsdom's getComputedStyle resolves fifteen properties at every call (display, visibility,
 * pointer-events and twelve colours, each colour from its ancestors, its text colour and the colour
 * parser) and copies every declared property into a new declaration, parsing each value again.
 * Testing Library reads two of them, display and visibility, for each element a role query names
 * and each of its ancestors; user-event reads pointer-events. This answers each property when it
 * is read, with jsdom's own cascade and resolution, so a call costs what its reader asks for.
 */

interface StyleRules {
  propertiesWithResolvedValueImplemented: Record<string, unknown>;
  getResolvedValue(element: object, property: string): string;
  getDeclarationForElement(element: object): CSSStyleDeclaration;
}

// The jsdom the web project's environment runs: Node's module cache holds one copy.
const styleRules = createRequire(import.meta.url)('jsdom/lib/jsdom/living/helpers/style-rules.js') as StyleRules;
const RESOLVED = new Set(Object.keys(styleRules.propertiesWithResolvedValueImplemented));

/** A declaration's accessors that are not CSS properties: answered by jsdom's own whole declaration. */
const NOT_PROPERTIES = new Set(['cssText', 'length', 'parentRule']);

/** cssFloat → float, webkitTransform → -webkit-transform, paddingRight → padding-right. */
function propertyName(member: string): string {
  if (member === 'cssFloat') return 'float';
  const hyphenated = member.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return /^(webkit|moz|ms)-/.test(hyphenated) ? `-${hyphenated}` : hyphenated;
}

/** Makes the window's getComputedStyle answer each property when read, as jsdom would have. */
export function computeStylesWhenRead(window: Window & typeof globalThis): void {
  const whole = window.getComputedStyle.bind(window);
  // Each CSS property is an accessor of the declaration's prototype (paddingRight, padding-right,
  // WebkitTransform); its methods, constructor and inherited members are not.
  const prototype = window.CSSStyleDeclaration.prototype;
  const properties = new Set(
    Object.getOwnPropertyNames(prototype).filter(
      (name) => Object.getOwnPropertyDescriptor(prototype, name)?.get && !NOT_PROPERTIES.has(name),
    ),
  );
  let implSymbol: symbol | undefined;
  // jsdom sets each resolved value on the declaration it returns, which drops one it cannot parse
  // (outline-color's initial "invert"): the same setting on a detached element's style does too.
  const scratch = window.document.createElement('div').style;
  const asSet = (property: string, value: string) => {
    scratch.removeProperty(property);
    scratch.setProperty(property, value);
    return scratch.getPropertyValue(property);
  };

  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    if (pseudoElement) return whole(element, pseudoElement);
    implSymbol ??= Object.getOwnPropertySymbols(element).find((symbol) => symbol.description === 'impl');
    const impl = implSymbol && (element as unknown as Record<symbol, object | undefined>)[implSymbol];
    if (!impl) return whole(element);
    let answered: CSSStyleDeclaration | undefined;
    const declaration = () => (answered ??= whole(element));
    const valueOf = (property: string) =>
      RESOLVED.has(property)
        ? asSet(property, styleRules.getResolvedValue(impl, property))
        : styleRules.getDeclarationForElement(impl).getPropertyValue(property);
    return new Proxy({} as CSSStyleDeclaration, {
      get(_, member) {
        if (member === 'getPropertyValue') return valueOf;
        if (typeof member === 'string' && properties.has(member)) return valueOf(propertyName(member));
        const value: unknown = Reflect.get(declaration(), member);
        return typeof value === 'function' ? value.bind(declaration()) : value;
      },
      has: (_, member) => member in declaration(),
      ownKeys: () => Reflect.ownKeys(declaration()),
      getOwnPropertyDescriptor: (_, member) => Reflect.getOwnPropertyDescriptor(declaration(), member),
    });
  };
}
