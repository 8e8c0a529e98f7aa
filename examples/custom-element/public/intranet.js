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
approvals.addEventListener('purchasing:navigate', (event) => {
  document.querySelector('#intranet-status').textContent = `Opening ${event.detail.href}`;
  // A real intranet would go there: window.location.assign(event.detail.href);
});
