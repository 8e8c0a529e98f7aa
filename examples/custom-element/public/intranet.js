// The intranet's own script: its sign-in (a token from its identity provider) and its navigation.
// Only the last block is there for the approval queue.

const picker = document.querySelector('#signed-in-as');
const email = new URLSearchParams(window.location.search).get('as') ?? picker.value;
picker.value = email;
picker.addEventListener('change', () => {
  window.location.search = `?as=${encodeURIComponent(picker.value)}`;
});

/** The signed-in person's access token from the intranet's identity provider, renewed before it expires. */
let token = null;
function accessToken() {
  if (!token || token.expiresAt < Date.now() + 60_000) {
    const asked = fetch('/idp/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status}`))))
      .then((body) => body.access_token);
    token = { value: asked, expiresAt: Date.now() + 240_000 };
    asked.catch(() => {
      token = null;
    });
  }
  return token.value;
}

// The approval queue: it signs in with the intranet's token and asks the intranet to follow its links.
const approvals = document.querySelector('purchasing-approvals');
approvals.getAccessToken = accessToken;
// A review opens in place (the element shows it for `requisition-id`), the queue comes back after a
// decision or "Back to Approvals"; any other link is the purchasing app's own page.
approvals.addEventListener('purchasing:navigate', (event) => {
  const path = new URL(event.detail.href, window.location.href).pathname;
  const review = path.match(/^\/approvals\/([^/]+)$/);
  if (review) approvals.setAttribute('requisition-id', decodeURIComponent(review[1]));
  else if (path === '/approvals') approvals.removeAttribute('requisition-id');
  // A real intranet would go there: window.location.assign(event.detail.href);
  else document.querySelector('#intranet-status').textContent = `Opening ${event.detail.href}`;
});
approvals.addEventListener('purchasing:decided', (event) => {
  document.querySelector('#intranet-status').textContent = `You decided on ${event.detail.number}`;
});
