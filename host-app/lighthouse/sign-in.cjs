/**
 * Lighthouse CI's puppeteerScript (lighthouserc.cjs): runs in the audit's browser before each URL.
 * The session is kept in localStorage (`auth_token`, `refresh_token`, `current_organization_id`), so the
 * sign-in screen is audited signed out and every other page signed in as the Admin of the demo data
 * (docs/demo-users.md). The HTTP cache is emptied last: each audit measures a cold load.
 *
 * @param {import('puppeteer-core').Browser} browser
 * @param {{ url: string }} context
 */
module.exports = async function signIn(browser, { url }) {
  const target = new URL(url);
  const page = await browser.newPage();
  try {
    await page.goto(`${target.origin}/login`, { waitUntil: 'networkidle0' });
    await page.evaluate(() => window.localStorage.clear());
    if (target.pathname !== '/login') {
      await page.reload({ waitUntil: 'networkidle0' });
      await page.type('input[name="email"]', process.env.LIGHTHOUSE_EMAIL ?? 'admin@acme.test');
      await page.type('input[name="password"]', 'Password123!');
      await Promise.all([
        page.waitForFunction(() => window.location.pathname === '/dashboard'),
        page.click('button[type="submit"]'),
      ]);
    }
    const session = await page.createCDPSession();
    await session.send('Network.clearBrowserCache');
    await session.detach();
  } finally {
    await page.close();
  }
};
