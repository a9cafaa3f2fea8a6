/**
 * jsdom's getComputedStyle asks its selector engine whether each rule of every sheet matches the
 * element (and, for visibility, each ancestor), and role queries ask it of every element they
 * name: half of the web tests' time. A browser first sorts rules by the class or tag their last
 * compound needs, so most rules are never tried. This does the same ahead of jsdom's check: a
 * rule whose last compound needs a class the element lacks, or another tag, cannot match, and is
 * answered at once (for a list, when no selector of it can match), and so is a rule for
 * pseudo-elements only, which jsdom never applies to an element, and one whose compound needs an
 * attribute the element lacks. A rule that is only a tag or classes the element has (most of
 * emotion's and of jsdom's default sheet) matches. A selector it does not read (an escape, a
 * namespace) goes to jsdom's engine as before.
 */

interface SelectorCheck {
  match: boolean;
  pseudoElement: string | null;
}

interface ElementImpl {
  localName: string;
  namespaceURI: string | null;
  getAttributeNS(namespace: null, name: string): string | null;
}

const HTML = 'http://www.w3.org/1999/xhtml';

interface DomSelector {
  check(selector: string, element: ElementImpl, options?: unknown): SelectorCheck;
}

/** What one selector of a list needs of the element's own compound (the last one). */
export interface Needs {
  tag: string | null;
  classes: string[];
  /** Attributes the compound requires to be present (an HTML element's names are lower case). */
  attributes: string[];
  /** The selector is this tag and these classes and nothing else: an element with them matches it. */
  exact: boolean;
}

/**
 * The selector without its bracketed and parenthesised parts (attributes, :not(), :is() and the
 * like): each only adds a condition, so what is left is still needed. Null for an escape, which
 * this reader does not follow.
 */
function withoutGroups(selector: string): string | null {
  let depth = 0;
  let quote: string | null = null;
  let kept = '';
  for (let index = 0; index < selector.length; index += 1) {
    const character = selector[index]!;
    if (character === '\\') {
      if (depth === 0) return null;
      index += 1;
    } else if (quote !== null) {
      if (character === quote) quote = null;
    } else if (depth > 0 && (character === '"' || character === "'")) {
      quote = character;
    } else if (character === '(' || character === '[') {
      depth += 1;
    } else if (character === ')' || character === ']') {
      depth -= 1;
    } else if (depth === 0) {
      kept += character;
    }
  }
  return depth === 0 && quote === null ? kept : null;
}

const COMBINATOR = /[\s>+~]+/;
const EXACT = /^(?:[a-zA-Z][\w-]*|\*)?(?:\.[\w-]+)*$/;
const COMPOUND = /^(?<tag>[a-zA-Z][\w-]*|\*)?(?<rest>(?:(?:[.#]|::?)[\w-]+)*)$/;

/** The selector's last compound, as written (a combinator inside brackets or parentheses is not one). */
function lastCompound(selector: string): string {
  let depth = 0;
  let start = 0;
  for (let index = 0; index < selector.length; index += 1) {
    const character = selector[index]!;
    if (character === '(' || character === '[') depth += 1;
    else if (character === ')' || character === ']') depth -= 1;
    else if (depth === 0 && /[\s>+~]/.test(character)) start = index + 1;
  }
  return selector.slice(start);
}

/** The attributes a compound's own [name…] parts require (not those inside :not() or :is()). */
function attributesOf(compound: string): string[] {
  const names: string[] = [];
  let depth = 0;
  for (let index = 0; index < compound.length; index += 1) {
    const character = compound[index]!;
    if (character === '[' && depth === 0) {
      const name = /^\[\s*([\w-]+)/.exec(compound.slice(index))?.[1];
      if (name) names.push(name.toLowerCase());
    }
    if (character === '(' || character === '[') depth += 1;
    else if (character === ')' || character === ']') depth -= 1;
  }
  return names;
}

/** What each selector of the list needs, or null when the list is not read here. */
export function readNeeds(selectorList: string): Needs[] | null {
  const plain = withoutGroups(selectorList);
  if (plain === null || plain.includes('|')) return null;
  const selectors = plain.split(',');
  // jsdom's getComputedStyle takes no pseudo-element, so a rule for one never applies.
  const forPseudoElements = selectors.filter((selector) => selector.includes('::'));
  if (forPseudoElements.length === selectors.length) return [];
  if (forPseudoElements.length > 0) return null;
  const needs: Needs[] = [];
  const written = selectorList.split(',');
  for (const [at, selector] of selectors.entries()) {
    const last = selector.trim().split(COMBINATOR).pop() ?? '';
    const parts = COMPOUND.exec(last)?.groups;
    if (!parts) return null;
    const tag = parts.tag && parts.tag !== '*' ? parts.tag.toLowerCase() : null;
    const classes = [...(parts.rest ?? '').matchAll(/\.([\w-]+)/g)].map((found) => found[1]!);
    // When no group holds a comma, the written selectors line up with the read ones.
    const own = written.length === selectors.length ? written[at]!.trim() : null;
    // Emotion writes most rules as one class, jsdom's default sheet as lists of tags: what the
    // engine would say of those is known.
    needs.push({
      tag,
      classes,
      attributes: own ? attributesOf(lastCompound(own)) : [],
      exact: own !== null && own !== '' && EXACT.test(own),
    });
  }
  return needs;
}

/** Whether the element has what one selector needs of its own compound. */
function hasNeeds(need: Needs, element: ElementImpl, tag: string, present: () => string[]): boolean {
  if (need.tag !== null && need.tag !== tag) return false;
  if (need.classes.length > 0 && !need.classes.every((name) => present().includes(name))) return false;
  // An HTML element's attribute names are lower case; another element's are left to the engine.
  return element.namespaceURI !== HTML || need.attributes.every((name) => element.getAttributeNS(null, name) !== null);
}

/** What the selector list says of the element when its own compound decides: a match, no match, or unknown. */
function decide(needs: Needs[], element: ElementImpl): boolean | null {
  const tag = element.localName.toLowerCase();
  let classes: string[] | undefined;
  const present = () => (classes ??= (element.getAttributeNS(null, 'class') ?? '').split(/\s+/));
  const possible = needs.filter((need) => hasNeeds(need, element, tag, present));
  if (possible.length === 0) return false;
  // A tag matches whatever its case only for HTML elements.
  return possible.some((need) => need.exact && (need.tag === null || element.namespaceURI === HTML)) ? true : null;
}

const NO_MATCH: SelectorCheck = { match: false, pseudoElement: null };
const MATCH: SelectorCheck = { match: true, pseudoElement: null };

/** Puts the prefilter in front of the selector engine of the test's document. */
export function prefilterStyleRules(document: Document): void {
  const impl = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  const domSelector = impl && (document as unknown as Record<symbol, { _domSelector?: DomSelector }>)[impl]?._domSelector;
  if (!domSelector) throw new Error('jsdom has changed: its document no longer holds the selector engine this prefilter wraps');
  const check = domSelector.check.bind(domSelector);
  const needsBySelector = new Map<string, Needs[] | null>();
  domSelector.check = (selector, element, options) => {
    let needs = needsBySelector.get(selector);
    if (needs === undefined) {
      needs = readNeeds(selector);
      needsBySelector.set(selector, needs);
    }
    const decided = needs === null ? null : decide(needs, element);
    if (decided !== null) return decided ? MATCH : NO_MATCH;
    return check(selector, element, options);
  };
}
