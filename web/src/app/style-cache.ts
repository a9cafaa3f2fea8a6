import createCache, { type EmotionCache } from '@emotion/cache';
import { safariPrefixes } from './safari-prefixes';

/**
 * Emotion's cache under its default key, made by the server for each page it renders and by the
 * browser for the page it hydrates: the server's <style data-emotion="css …"> elements are then
 * the browser's own, and the styles are not inserted a second time. Prefixed only where Safari
 * still needs it (see safariPrefixes).
 */
export function createStyleCache(): EmotionCache {
  return createCache({ key: 'css', stylisPlugins: [safariPrefixes] });
}
