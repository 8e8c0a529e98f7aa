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
 * Signed out, or on a public page, it does nothing.
 */
(() => {
  /** Route chunks and the chunks they import: '' for the shell, then one entry per page path. */
  const preloads = {};
  try {
    const path = window.location.pathname.replace(/(.)\/+$/, '$1');
    if (['/login', '/forgot-password', '/reset-password', '/accept-invite'].includes(path)) return;
    if (path.startsWith('/email-decision/')) return;
    const storage = window.localStorage;
    if (!storage.getItem('auth_token') && !storage.getItem('refresh_token')) return;
    const root = document.documentElement;
    root.classList.add('boot-signed-in');
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
    for (const href of new Set([...(preloads[''] ?? []), ...(preloads[path] ?? [])])) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
  } catch {
    // No storage (a private mode may refuse it): the app paints by itself.
  }
})();
