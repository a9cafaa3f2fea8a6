import createCache, { type EmotionCache } from '@emotion/cache';
import { safariPrefixes } from './safari-prefixes';

/**
 * One list for every cache: on the server, emotion keeps the CSS it compiled for a style under the
 * identity of this list, so each page the server draws reuses what the pages before it compiled
 * instead of running stylis again for every style (a new list for each page made every page pay it).
 */
const STYLIS_PLUGINS = [safariPrefixes];

/**
 * Emotion's cache under its default key, made by the server for each page it renders and by the
 * browser for the page it hydrates: the server's <style data-emotion="css …"> elements are then
 * the browser's own, and the styles are not inserted a second time. Prefixed only where Safari
 * still needs it (see safariPrefixes).
 */
export function createStyleCache(): EmotionCache {
  return createCache({ key: 'css', stylisPlugins: STYLIS_PLUGINS });
}
