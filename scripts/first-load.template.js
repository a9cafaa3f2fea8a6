// The page's first script, loaded async from the head of every page (scripts/vite-route-preload.ts
// fills in the tables). A separate file because the Content-Security-Policy allows no inline script.
//
// - On the app's shell (a page the browser draws), the app's scripts are already in the head: this
//   starts the page's own chunks and calls beside them, instead of after the app has rendered.
// - On a page the server drew, the guest already has the content. The app's scripts wait for its
//   first paint (see afterFirstContent). A tap on a link before the app is live is kept and handed
//   to the app as it starts, instead of starting a full load that throws away the scripts on their
//   way; the app then draws the tapped page instead of taking over this one (web/src/main.tsx).
/* global __ROUTES__, __EVERY_PAGE_CALLS__, __APP_SCRIPTS__, __SERVER_RENDERED_ATTRIBUTE__, __PAGE_READY_ATTRIBUTE__, __PENDING_NAVIGATION_ATTRIBUTE__, __SERVER_DATA_ELEMENT_ID__ -- filled in by scripts/vite-route-preload.ts */
(function () {
  // [address pattern, the page's chunks, the page's calls ($1: the address's first part)]
  var ROUTES = __ROUTES__;
  var EVERY_PAGE_CALLS = __EVERY_PAGE_CALLS__;
  // { entry, preload }: the app's entry and the chunks it imports
  var APP = __APP_SCRIPTS__;
  var SERVER_RENDERED = __SERVER_RENDERED_ATTRIBUTE__;
  var PAGE_READY = __PAGE_READY_ATTRIBUTE__;
  var PENDING = __PENDING_NAVIGATION_ATTRIBUTE__;
  // The longest the first paint holds the app back, and a kept tap waits for the app before the browser follows the link itself.
  var FIRST_CONTENT_WAIT_MS = 1000;
  var TAP_WAIT_MS = 10000;

  var html = document.documentElement;
  var drawn = html.hasAttribute(SERVER_RENDERED);

  function link(href, rel, crossOrigin, as) {
    var element = document.createElement('link');
    element.rel = rel;
    element.crossOrigin = crossOrigin;
    element.href = href;
    if (as) element.as = as;
    document.head.appendChild(element);
  }

  function routeOf(pathname) {
    for (var i = 0; i < ROUTES.length; i++) {
      var match = pathname.match(ROUTES[i][0]);
      if (match)
        return {
          chunks: ROUTES[i][1],
          calls: ROUTES[i][2].map(function (call) {
            return call.replace('$1', match[1]);
          }),
        };
    }
    return null;
  }

  // Calls are preloaded as apiFetch makes them (with cookies), so its fetch takes the answer already on its way.
  function preloadCalls(calls) {
    calls.forEach(function (call) {
      link(call, 'preload', 'use-credentials', 'fetch');
    });
  }
  function preloadChunks(chunks) {
    chunks.forEach(function (chunk) {
      link('/' + chunk, 'modulepreload', '');
    });
  }

  var here = routeOf(location.pathname);
  if (!drawn) {
    if (here) preloadChunks(here.chunks);
    preloadCalls(EVERY_PAGE_CALLS.concat(here ? here.calls : []));
    return;
  }

  var started = false;
  var failed = false;
  var kept = null;
  function startApp() {
    if (started) return;
    started = true;
    APP.preload.forEach(function (file) {
      link(file, 'modulepreload', '');
    });
    // A short link's page is its registry's, drawn at the short link: the address moves to the
    // canonical one before the app starts, so the app's router draws the page the server drew, and
    // what the guest copies or bookmarks is the registry's address.
    var canonical = document.querySelector('link[rel="canonical"]');
    if (canonical) {
      var canonicalPath = new URL(canonical.getAttribute('href'), document.baseURI).pathname;
      if (canonicalPath !== location.pathname) history.replaceState(history.state, '', canonicalPath + location.search + location.hash);
      here = routeOf(location.pathname);
    }
    if (here) preloadChunks(here.chunks);
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = APP.entry;
    script.onerror = function () {
      failed = true;
      if (kept) location.assign(kept);
    };
    document.head.appendChild(script);
    // The app's first amount of money starts the browser's number formatting (ICU's data), which
    // costs a slow phone about 40 ms: paid here, while the line brings the scripts, not after.
    setTimeout(function () {
      try {
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(0);
      } catch {
        // A browser without Intl has nothing to start.
      }
    }, 0);
  }

  function whenParsed(then) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', then);
    else then();
  }
  // The page's content is painted first: scripts asked for before it share a slow phone's line
  // with what it paints, and a measure of the page (Lighthouse's) counts them against its first
  // content. A page that paints nothing in time (a background tab draws no frame) starts all the same.
  function afterFirstContent(then) {
    var done = false;
    function go() {
      if (done) return;
      done = true;
      then();
    }
    setTimeout(go, FIRST_CONTENT_WAIT_MS);
    if (typeof PerformanceObserver === 'undefined') return go();
    try {
      new PerformanceObserver(function (list, observer) {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        setTimeout(go, 0);
      }).observe({ type: 'paint', buffered: true });
    } catch {
      go();
    }
  }

  whenParsed(function () {
    afterFirstContent(startApp);
  });

  document.addEventListener(
    'click',
    function (event) {
      if (
        html.hasAttribute(PAGE_READY) ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      var anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download') || anchor.origin !== location.origin)
        return;
      // A link within the page (the skip link, an anchor) needs no app.
      if (anchor.pathname === location.pathname && anchor.search === location.search) return;
      var target = routeOf(anchor.pathname);
      if (!target || failed) return;
      event.preventDefault();
      kept = anchor.pathname + anchor.search + anchor.hash;
      html.setAttribute(PENDING, kept);
      preloadChunks(target.chunks);
      // The next page's calls, but those whose answers this page already carries (SWR's keys hold their paths).
      var answered = document.getElementById(__SERVER_DATA_ELEMENT_ID__);
      var answers = answered ? answered.textContent : '';
      preloadCalls(
        target.calls.filter(function (call) {
          return answers.indexOf(call) < 0;
        }),
      );
      startApp();
      setTimeout(function () {
        if (!html.hasAttribute(PAGE_READY) && kept) location.assign(kept);
      }, TAP_WAIT_MS);
    },
    true,
  );
})();
