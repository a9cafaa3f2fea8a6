/**
 * jsdom's getComputedStyle asks its selector engine whether each rule of every sheet matches the
 * element (and, for visibility, each ancestor), and role queries ask it of every element they
 * name: half of the web tests' time. A browser first sorts rules by the class or tag their last
 * compound needs, so most rules are never tried. This does the same ahead of jsdom's check: a
 * rule whose last compound needs a class the element lacks, or another tag, cannot match, and is
 * answered at once (for a list, when no selector of it can match), and so is a rule for
 * pseudo-elements only, which jsdom never applies to an element. A selector it does not read (an
 * escape, a namespace) goes to jsdom's engine as before.
 */

interface SelectorCheck {
  match: boolean;
  pseudoElement: string | null;
}

interface ElementImpl {
  localName: string;
  getAttributeNS(namespace: null, name: string): string | null;
}

interface DomSelector {
  check(selector: string, element: ElementImpl, options?: unknown): SelectorCheck;
}

/** What one selector of a list needs of the element's own compound (the last one). */
interface Needs {
  tag: string | null;
  classes: string[];
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
const COMPOUND = /^(?<tag>[a-zA-Z][\w-]*|\*)?(?<rest>(?:(?:[.#]|::?)[\w-]+)*)$/;

/** What each selector of the list needs, or null when the list is not read here. */
function readNeeds(selectorList: string): Needs[] | null {
  const plain = withoutGroups(selectorList);
  if (plain === null || plain.includes('|')) return null;
  const selectors = plain.split(',');
  // jsdom's getComputedStyle takes no pseudo-element, so a rule for one never applies.
  const forPseudoElements = selectors.filter((selector) => selector.includes('::'));
  if (forPseudoElements.length === selectors.length) return [];
  if (forPseudoElements.length > 0) return null;
  const needs: Needs[] = [];
  for (const selector of selectors) {
    const last = selector.trim().split(COMBINATOR).pop() ?? '';
    const parts = COMPOUND.exec(last)?.groups;
    if (!parts) return null;
    const tag = parts.tag && parts.tag !== '*' ? parts.tag.toLowerCase() : null;
    const classes = [...(parts.rest ?? '').matchAll(/\.([\w-]+)/g)].map((found) => found[1]!);
    needs.push({ tag, classes });
  }
  return needs;
}

function couldMatch(needs: Needs[], element: ElementImpl): boolean {
  const tag = element.localName.toLowerCase();
  let present: string[] | undefined;
  return needs.some((need) => {
    if (need.tag !== null && need.tag !== tag) return false;
    if (need.classes.length === 0) return true;
    present ??= (element.getAttributeNS(null, 'class') ?? '').split(/\s+/);
    return need.classes.every((name) => present!.includes(name));
  });
}

const NO_MATCH: SelectorCheck = { match: false, pseudoElement: null };

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
    if (needs !== null && !couldMatch(needs, element)) return NO_MATCH;
    return check(selector, element, options);
  };
}
