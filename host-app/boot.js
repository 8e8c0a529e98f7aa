/*
 * Runs before the first paint (a small classic script in index.html's head; the Content-Security-Policy
 * allows no inline script). Issue 19, for a cold signed-in page on a phone:
 * - With a stored session on a signed-in page, it shows the static frame of the signed-in shell that
 *   index.html holds (#boot-shell: the header with the program title, and the sidebar's panel on a wide
 *   screen), so the page paints at once instead of after the JavaScript. The app removes the frame when
 *   its own shell, or any other page, is on screen (src/boot-shell.tsx).
 * - It asks at once for the code of the signed-in shell and of the page in the address bar, which the
 *   app would ask for only once its own code had loaded and run: one round trip less before the page.
 *   The build writes the files into `preloads` (vite.config.ts, `bootScript`); in development it is empty.
 * - With a stored access token it asks at once for what every signed-in page waits for, the session
 *   check (`/api/auth/me`) and the organisations (`/api/organizations`), with the very headers the API
 *   client would send (src/boot-requests.ts); the client takes these answers, once each, instead of
 *   asking again once the app's code has loaded and run. Anything else it asks for itself.
 * - It starts the app's own code (index.html holds no module script in a build: the build moves the entry
 *   and its preloads here, vite.config.ts `bootScript`). With the frame shown, only after the frame has
 *   painted, so that the first paint waits for the stylesheet alone rather than sharing a phone's link
 *   with some 200 KB of modules; otherwise once the document is parsed.
 * Signed out, or on a public page, it shows nothing and only starts the app.
 */
(() => {
  /** Route chunks and the chunks they import: '' for the shell, then one entry per page path. */
  const preloads = {};
  /** The app's entry module and the chunks it imports (empty in development: index.html loads it). */
  const app = { entry: '', imports: [] };
  /** The files to ask for once the page may load the app's code; the entry last. */
  const modules = [...app.imports];
  let started = false;
  const start = () => {
    if (started || !app.entry) return;
    started = true;
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app.entry;
    document.head.appendChild(script);
  };
  /** Starts the app once the document is parsed (its root exists), after the first frame if `painted`. */
  const startWhenParsed = (painted) => {
    const go = () => {
      if (!painted) return start();
      // After the frame: the next task after an animation frame runs once it is painted. A hidden tab
      // paints nothing and runs no animation frame, hence the timer.
      window.requestAnimationFrame(() => window.setTimeout(start, 0));
      window.setTimeout(start, 300);
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go, { once: true });
    else go();
  };
  let framed = false;
  try {
    const path = window.location.pathname.replace(/(.)\/+$/, '$1');
    if (['/login', '/forgot-password', '/reset-password', '/accept-invite'].includes(path)) return;
    if (path.startsWith('/email-decision/')) return;
    const storage = window.localStorage;
    if (!storage.getItem('auth_token') && !storage.getItem('refresh_token')) return;
    const root = document.documentElement;
    root.classList.add('boot-signed-in');
    framed = true;
    if (storage.getItem('purchasing.sidebar_collapsed') === 'true')
      root.classList.add('boot-sidebar-collapsed');
    const token = storage.getItem('auth_token');
    if (token && typeof window.fetch === 'function') {
      const headers = { Authorization: `Bearer ${token}` };
      const organization = storage.getItem('current_organization_id');
      if (organization) headers['X-Organization-Id'] = organization;
      const requests = {};
      for (const url of ['/api/auth/me', '/api/organizations']) {
        const response = window.fetch(url, { headers, credentials: 'same-origin' });
        response.catch(() => {});
        requests[url] = { headers, response };
      }
      window.purchasingBootRequests = requests;
    }
    for (const href of new Set([...(preloads[''] ?? []), ...(preloads[path] ?? [])])) modules.push(href);
  } catch {
    // No storage (a private mode may refuse it): the app paints by itself.
  } finally {
    startWhenParsed(framed);
  }
})();
