import { expect, test } from '@playwright/test';
import { chooseOption, snapshot, switchUser, uniqueText } from './support/approvals';
import { apiHeaders, approveAsMark, aud, submitAsUma } from './support/purchase-orders';
import { pageFor } from './support/requisitions';

const BILLING = {
  lines: ['Accounts Payable', 'PO Box 77'],
  city: 'Sydney',
  region: 'NSW',
  postcode: '2001',
  country: 'Australia',
};
const DELIVERY = {
  lines: ['Dock 4', '12 Wharf Road'],
  city: 'Port Botany',
  region: 'NSW',
  postcode: '2036',
  country: 'Australia',
};

/**
 * A new order's bill-to and ship-to from the organisation's settings (issue 16): with a billing and a
 * delivery address set, the create screen prefills them (a requisition without a shipping address
 * ships to the delivery address) and the order keeps them. The settings are put back afterwards.
 */
test('the create screen prefills the settings’ billing and delivery addresses, and the order keeps them', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const requisition = await submitAsUma(page, {
    justification: uniqueText('E2E PO addresses: toner for the print room'),
    description: 'Toner cartridge',
    quantity: 2,
    unitPrice: 120,
    expectedTotal: aud(240),
  });
  await approveAsMark(page, requisition);

  // Sophie (Super Admin) changes the settings in a session of her own.
  const admin = await pageFor(browser, testInfo, 'superadmin@acme.test');
  const { headers, organizationId } = await apiHeaders(admin);
  const url = `/api/organizations/${organizationId}/settings`;
  const before = (await (await admin.request.get(url, { headers })).json()).settings;
  const change = async (body: object) => {
    const { settings } = await (await admin.request.get(url, { headers })).json();
    const response = await admin.request.patch(url, {
      headers,
      data: { version: settings.version, ...body },
    });
    expect(response.status()).toBe(200);
    return (await response.json()).settings;
  };
  const changed = await change({ billing_address: BILLING, delivery_address: DELIVERY });
  expect(changed.purchase_order_addresses).toEqual({
    billing_address: 'Accounts Payable, PO Box 77, Sydney NSW 2001, Australia',
    shipping_address: 'Dock 4, 12 Wharf Road, Port Botany NSW 2036, Australia',
  });

  try {
    await switchUser(page, 'finance@acme.test');
    await page.goto('/purchase-orders/create');
    const form = page.getByRole('form', { name: 'New purchase order' });
    await expect(form.getByRole('textbox', { name: 'Billing Address' })).toHaveValue(
      'Accounts Payable, PO Box 77, Sydney NSW 2001, Australia',
    );
    await chooseOption(page, 'Approved Requisition', new RegExp(`^${requisition.number} · `));
    await expect(form.getByRole('textbox', { name: 'Shipping Address' })).toHaveValue(
      'Dock 4, 12 Wharf Road, Port Botany NSW 2036, Australia',
    );
    await chooseOption(page, 'Vendor', 'Officeworks Business');
    await page.setViewportSize({ width: 1440, height: 900 });
    await snapshot(page, 'po-addresses-create-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    // The addresses on a phone, in the viewport (a full-page shot right after a resize paints late).
    await form.getByRole('textbox', { name: 'Billing Address' }).scrollIntoViewIfNeeded();
    await snapshot(page, 'po-addresses-create-390', false);
    await page.setViewportSize({ width: 1440, height: 900 });

    const date = form.getByRole('textbox', { name: /^Delivery Date/ });
    const deliveryDate = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await date.fill(deliveryDate);
    await date.press('Enter');
    await form.getByRole('button', { name: 'Create Purchase Order' }).click();
    await expect(page).toHaveURL(/\/purchase-orders\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const order = (await (await admin.request.get(`/api/purchase-orders/${id}`, { headers })).json())
      .purchase_order;
    expect(order.billing_address).toBe('Accounts Payable, PO Box 77, Sydney NSW 2001, Australia');
    expect(order.shipping_address).toBe('Dock 4, 12 Wharf Road, Port Botany NSW 2036, Australia');
  } finally {
    await change({ billing_address: before.billing_address, delivery_address: before.delivery_address });
    await admin.context().close();
  }
});
