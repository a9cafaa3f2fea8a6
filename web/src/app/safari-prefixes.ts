import type { StylisPlugin } from '@emotion/cache';

/** The properties Safari has long read only with its -webkit- prefix (user-select; backdrop-filter in older versions). */
const WEBKIT_ONLY_IN_SAFARI = new Set(['user-select', 'backdrop-filter']);

/**
 * Emotion's default stylis plugin prefixes every flex, transform, transition and placeholder rule
 * for browsers of ten years ago (-ms-flexbox, -webkit-box, -moz-transform): a quarter of the CSS a
 * drawn guest page carries inline. The browsers we serve read those unprefixed; this adds only the
 * -webkit- copy Safari still needs.
 */
export const safariPrefixes: StylisPlugin = (element) => {
  if (element.type === 'decl' && !element.return && WEBKIT_ONLY_IN_SAFARI.has(String(element.props))) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};
