import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { expectToast } from './support/requisitions';
import { signIn } from './support/session';

/** Kept out of the repository: the screenshots are for a person to look at after a run. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/webhooks-${name}.png`, fullPage: true, animations: 'disabled' });
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Webhooks (issue 16 item 6) through the real UI and API, against a receiver this test starts on
 * the loopback interface (the server under test runs with WEBHOOK_ALLOW_PRIVATE_URLS=true). Alex
 * Morgan (admin@acme.test, Admin: `org.settings`) adds an endpoint, copies its secret, sends a test
 * event that arrives signed with it, and redelivers it from the log. Screenshots at 1440 and 390 px.
 */
test.describe('webhooks', () => {
  let server: Server;
  const received: Received[] = [];
  let url = '';

  test.beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${Date.now().toString(36)}`;
  });
  test.afterAll(() => {
    server.close();
  });

  test('an admin adds an endpoint, sends a signed test event and redelivers it', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    let secret = '';

    await test.step('1. Add Endpoint: URL and events; the secret is shown once', async () => {
      await signIn(page, 'admin@acme.test');
      await page.goto('/settings/webhooks');
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      await page.getByRole('button', { name: 'Add Endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Endpoint' });
      await dialog.getByRole('textbox', { name: /URL/ }).fill(url);
      await dialog.getByRole('textbox', { name: 'Description' }).fill('E2E receiver');
      await dialog.getByRole('checkbox', { name: 'Order sent' }).click();
      await dialog.getByRole('checkbox', { name: 'Requisition approved' }).click();
      await shoot(page, 'form-1440');
      await dialog.getByRole('button', { name: 'Add Endpoint' }).click();
      const shown = page.getByRole('dialog', { name: 'Signing Secret' });
      await expect(shown).toBeVisible();
      secret = (await shown.getByLabel('Secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^whsec_/);
      await shoot(page, 'secret-1440');
      await shown.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByText(secret)).toHaveCount(0);
    });

    const card = page.getByRole('article', { name: 'E2E receiver' });
    await test.step('2. Send test: the receiver gets the event, signed with the secret', async () => {
      await card.getByRole('button', { name: 'Send test' }).click();
      await expectToast(page, 'Test event queued');
      await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
      const [first] = received;
      const [t, v1] = String(first!.headers['purchasing-signature'])
        .split(',')
        .map((part) => part.split('=')[1]);
      expect(createHmac('sha256', secret).update(`${t}.${first!.body}`).digest('hex')).toBe(v1);
      expect(JSON.parse(first!.body)).toMatchObject({ type: 'webhook.test' });
      const log = card.getByRole('table', { name: /Deliveries to/ });
      await expect(log.getByText('Delivered')).toBeVisible({ timeout: 15_000 });
      await shoot(page, 'log-1440');
    });

    await test.step('3. Redeliver: the same event arrives again', async () => {
      const log = card.getByRole('table', { name: /Deliveries to/ });
      await log
        .getByRole('button', { name: /^Redeliver/ })
        .first()
        .click();
      await expectToast(page, 'Event queued again');
      await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
      expect(JSON.parse(received[1]!.body).id).toBe(JSON.parse(received[0]!.body).id);
    });

    await test.step('4. On a phone (390 px) the card and its log fit, the log as stacked cards', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(card).toBeVisible();
      const log = card.getByRole('list', { name: /Deliveries to/ });
      await expect(log.getByRole('listitem').first()).toBeVisible();
      await expect(card.getByRole('table')).toHaveCount(0);
      await expect(log.getByRole('button', { name: /^Redeliver/ }).first()).toBeVisible();
      // Each delivery's card fits the phone: nothing in it reaches past the viewport.
      for (const item of await log.getByRole('listitem').all()) {
        const box = await item.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      }
      await shoot(page, 'log-390');
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(sideways).toBe(false);
    });
  });
});
