import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readNeeds } from './style-rule-prefilter';

/**
 * jsdom's cascade goes through every rule of every sheet for each element whose style is asked,
 * and emotion gives each rule a sheet of its own: several hundred per page, for each element and
 * ancestor that a role query looks at. A browser keeps its rules in buckets by the class, tag or id
 * their last compound needs and tries only the buckets an element could match; this does the same
 * for the documents it is given, then applies the rules that match in their sheet order, exactly
 * as jsdom's own getDeclarationForElement does (style-rules.js), which it stands in for.
 */

interface Rule {
  selectorText?: string;
  style: CSSStyleDeclaration;
  media?: ArrayLike<string>;
  cssRules?: ArrayLike<Rule>;
  styleSheet?: { cssRules: ArrayLike<Rule> } | null;
  constructor: { name: string };
}

interface ElementImpl {
  localName: string;
  style: CSSStyleDeclaration;
  getAttributeNS(namespace: null, name: string): string | null;
  _ownerDocument: DocumentImpl;
}

interface DocumentImpl {
  _styleCache: WeakMap<ElementImpl, CSSStyleDeclaration> | null;
  _domSelector: { check(selector: string, element: ElementImpl): { match: boolean; pseudoElement: string | null } };
  styleSheets: { _list: { cssRules: ArrayLike<Rule> }[] };
}

interface StyleRules {
  getDeclarationForElement(element: ElementImpl): CSSStyleDeclaration;
}

/** A rule with its place in the cascade and the selector jsdom checks. */
interface Entry {
  order: number;
  rule: Rule;
  selector: string;
}

interface Index {
  /** The rule lists read and their lengths when read: a change to either means reading again. */
  lists: { rules: ArrayLike<Rule>; length: number }[];
  byClass: Map<string, Entry[]>;
  byTag: Map<string, Entry[]>;
  anyElement: Entry[];
}

// The jsdom the web project's environment runs, and the packages it reads styles with.
const fromJsdom = createRequire(createRequire(import.meta.url).resolve('jsdom/package.json'));
const styleRules = fromJsdom('./lib/jsdom/living/helpers/style-rules.js') as StyleRules;
const { CSSStyleDeclaration: Declaration } = fromJsdom('cssstyle') as { CSSStyleDeclaration: new () => CSSStyleDeclaration };
const cssom = fromJsdom('@acemir/cssom') as { parse(text: string): { cssRules: ArrayLike<Rule> } };
const defaultSheet = cssom.parse(readFileSync(fromJsdom.resolve('./lib/jsdom/browser/default-stylesheet.css'), 'utf8'));

const indexed = new WeakMap<DocumentImpl, Index | null>();
const { forEach, indexOf } = Array.prototype;

/** The selector jsdom checks for a rule (it works around a cssstyle bug the same way). */
function selectorOf(rule: Rule): string | null {
  return rule.selectorText ? rule.selectorText.split(';').pop()!.trim() : null;
}

/**
 * Walks the rules jsdom's cascade reads for a document, in its order: its default sheet, then each
 * of the document's sheets, the rules of an @import (loaded, for all media or screen) or an @media
 * (for screen) in their place. Each rule list is reported before its rules.
 */
function walk(document: DocumentImpl, onList: (rules: ArrayLike<Rule>) => void, onRule: (rule: Rule) => void): void {
  const visit = (rules: ArrayLike<Rule>) => {
    onList(rules);
    forEach.call(rules, (rule: Rule) => {
      if (!rule.media) return onRule(rule);
      if (rule.constructor.name === 'CSSImportRule') {
        if (rule.styleSheet && (rule.media.length === 0 || indexOf.call(rule.media, 'screen') !== -1)) visit(rule.styleSheet.cssRules);
      } else if (indexOf.call(rule.media, 'screen') !== -1 && rule.cssRules) {
        visit(rule.cssRules);
      }
    });
  };
  visit(defaultSheet.cssRules);
  for (const sheet of document.styleSheets._list) visit(sheet.cssRules);
}

function isCurrent(index: Index, document: DocumentImpl): boolean {
  let at = 0;
  let same = true;
  walk(
    document,
    (rules) => {
      const read = index.lists[at++];
      same &&= read !== undefined && read.rules === rules && read.length === rules.length;
    },
    () => undefined,
  );
  return same && at === index.lists.length;
}

function buildIndex(document: DocumentImpl): Index {
  const index: Index = { lists: [], byClass: new Map(), byTag: new Map(), anyElement: [] };
  const add = (bucket: Map<string, Entry[]>, key: string, entry: Entry) => {
    const entries = bucket.get(key);
    if (entries) entries.push(entry);
    else bucket.set(key, [entry]);
  };
  let order = 0;
  walk(
    document,
    (rules) => index.lists.push({ rules, length: rules.length }),
    (rule) => {
      // A rule with no selector (@font-face, @supports and the like) never matches an element.
      const selector = selectorOf(rule);
      if (selector === null) return;
      const entry = { order: order++, rule, selector };
      const needs = readNeeds(selector);
      if (needs === null) return void index.anyElement.push(entry);
      // Filed under what each selector of the list needs of the element (a list of none: pseudo-elements only).
      for (const need of needs) {
        if (need.classes.length > 0) add(index.byClass, need.classes[0]!, entry);
        else if (need.tag !== null) add(index.byTag, need.tag, entry);
        else index.anyElement.push(entry);
      }
    },
  );
  return index;
}

/** The rules that could match the element, once each, in cascade order. */
function candidates(index: Index, element: ElementImpl): Entry[] {
  const found = new Set<Entry>(index.anyElement);
  for (const entry of index.byTag.get(element.localName.toLowerCase()) ?? []) found.add(entry);
  for (const name of (element.getAttributeNS(null, 'class') ?? '').split(/\s+/)) {
    if (name) for (const entry of index.byClass.get(name) ?? []) found.add(entry);
  }
  return [...found].sort((a, b) => a.order - b.order);
}

function matches(entry: Entry, element: ElementImpl): boolean {
  try {
    const { match, pseudoElement } = element._ownerDocument._domSelector.check(entry.selector, element);
    // jsdom has no computed style for a pseudo-element.
    return !pseudoElement && match;
  } catch {
    return false;
  }
}

// Each test file's context loads this module again: jsdom's own function is kept where all find it.
const ORIGINAL = Symbol.for('registry.tests.jsdomDeclarationForElement');
const holder = styleRules as StyleRules & { [ORIGINAL]?: StyleRules['getDeclarationForElement'] };
const original = (holder[ORIGINAL] ??= styleRules.getDeclarationForElement);

function declarationFor(element: ElementImpl): CSSStyleDeclaration {
  const document = element._ownerDocument;
  let index = indexed.get(document);
  if (index === undefined) return original(element);
  const styleCache = (document._styleCache ??= new WeakMap());
  const cached = styleCache.get(element);
  if (cached) return cached;
  if (index === null || !isCurrent(index, document)) {
    index = buildIndex(document);
    indexed.set(document, index);
  }

  const declaration = new Declaration();
  const apply = (style: CSSStyleDeclaration) => {
    forEach.call(style, (property: string) => {
      const value = style.getPropertyValue(property);
      // https://drafts.csswg.org/css-cascade-4/#valdef-all-unset
      if (value === 'unset') declaration.removeProperty(property);
      else declaration.setProperty(property, value, style.getPropertyPriority(property));
    });
  };
  for (const entry of candidates(index, element)) if (matches(entry, element)) apply(entry.rule.style);
  apply(element.style);
  styleCache.set(element, declaration);
  return declaration;
}

/** Makes jsdom's cascade for this document look up its rules by class and tag. */
export function indexStyleRules(document: Document): void {
  const implSymbol = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  const impl = implSymbol && (document as unknown as Record<symbol, DocumentImpl | undefined>)[implSymbol];
  if (!impl || !impl.styleSheets) throw new Error('jsdom has changed: its document no longer holds what this index reads');
  indexed.set(impl, null);
  // jsdom's module is shared by the documents of a worker; documents not given here keep its own cascade.
  styleRules.getDeclarationForElement = declarationFor;
}
