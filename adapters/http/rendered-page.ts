import {
  APP_SCRIPTS_END,
  APP_SCRIPTS_START,
  SERVER_DATA_ELEMENT_ID,
  SERVER_RENDERED_ATTRIBUTE,
  type RenderedGuestPage,
} from '@api/server-rendering';
import { escapeHtml } from '@core/html';

/** JSON that stays one script element's text whatever it holds: no "</script>", no "<!--". */
function scriptText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The app shell with a page the server drew: marked as such on <html>, its markup in #root in place of the loading frame,
 * its styles and title in the head, and the answers it was drawn from in a JSON script the app
 * reads as it takes the page over. The app's scripts leave the head: the page's first script loads
 * them once the first screen is there. The noscript notice says what a visitor without JavaScript
 * still can do. (Replacements are functions: a page's text may hold "$&".)
 */
export function withRenderedPage(shell: string, page: RenderedGuestPage): string {
  const appScripts = shell.indexOf(APP_SCRIPTS_START);
  const appScriptsEnd = shell.indexOf(APP_SCRIPTS_END, appScripts);
  const withoutAppScripts =
    appScripts >= 0 && appScriptsEnd >= 0 ? shell.slice(0, appScripts) + shell.slice(appScriptsEnd + APP_SCRIPTS_END.length) : shell;
  return withoutAppScripts
    .replace(/<html(?=[\s>])/i, () => `<html ${SERVER_RENDERED_ATTRIBUTE}`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', () => `${page.styles}</head>`)
    .replace(
      /<noscript>[\s\S]*?<\/noscript>/,
      () =>
        '<noscript><p style="margin:0;padding:8px 16px;text-align:center">Giving a gift needs JavaScript. Please enable it in your browser.</p></noscript>',
    )
    .replace(
      /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
      (_, end: string) =>
        `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_DATA_ELEMENT_ID}">${scriptText(page.data)}</script>${end}`,
    );
}
