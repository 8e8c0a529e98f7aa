import { expect, test } from '@playwright/test';
import {
  departmentCard,
  freshPage,
  linkIn,
  outboxMailsTo,
  randomHex,
  searchDepartments,
  searchUsers,
  uniqueEmail,
  userRow,
  waitForMail,
} from './support/admin';
import { chooseOption, expectToast, shoot } from './support/requisitions';
import { signIn, submitSignIn } from './support/session';

/**
 * Administration through the real UI (issue 5), as Alex Morgan (admin@acme.test, Admin of ACME): users
 * invited, edited and deactivated, departments managed, users imported from a CSV file, and the
 * 'Forgot your password?' request. Every test makes its own users and departments with random names and
 * finds them by search, so other specs' data does not matter.
 */
test.describe('administration', () => {
  test('an invited user sets a password and signs in; the admin changes their role and department, deactivates them, and they are locked out', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const hex = randomHex();
    const firstName = 'Ivy';
    const lastName = `Invitee ${hex}`;
    const fullName = `${firstName} ${lastName}`;
    const email = uniqueEmail('invitee');
    const password = `Welcome${hex}A1`;
    const invitee = await freshPage(browser, testInfo);
    let accessToken = '';

    await test.step('1. Alex creates the user with an invitation (no password, invitation on)', async () => {
      await signIn(page, 'admin@acme.test');
      await searchUsers(page, '');
      await page.getByRole('link', { name: 'Add User' }).first().click();
      await expect(page).toHaveURL(/\/admin\/users\/new$/);
      await expect(page.getByText('Add a person to Acme Corporation')).toBeVisible();

      const form = page.getByRole('form', { name: 'Create user' });
      await form.getByRole('textbox', { name: 'First Name' }).fill(firstName);
      await form.getByRole('textbox', { name: 'Last Name' }).fill(lastName);
      await form.getByRole('textbox', { name: 'Email' }).fill(email);
      await chooseOption(form, 'Role', 'User');
      await chooseOption(form, 'Department', 'Information Technology (IT)');
      await chooseOption(form, 'Manager', 'Mark Evans (Manager)');
      await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');
      await expect(form.getByRole('switch', { name: 'Send invitation email' })).toBeChecked();

      const preview = page.getByRole('complementary', { name: 'Preview' });
      await expect(preview).toContainText(fullName);
      await expect(preview).toContainText(email);
      await expect(preview).toContainText(/Login method\s*Email Invitation/);
      await expect(preview).toContainText(`An invitation goes to ${email} once the user is created.`);
      await shoot(page, 'admin-01-create-user');

      await form.getByRole('button', { name: 'Create User' }).click();
      await expectToast(page, 'User created successfully');
      await expect(page).toHaveURL(/\/admin\/users$/);
      await searchUsers(page, email);
      const row = userRow(page, email);
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('rowheader')).toContainText(fullName);
      await expect(row).toContainText('User');
      await expect(row).toContainText('Information Technology');
      await expect(row).toContainText('Active');
    });

    await test.step('2. The invitation is in the outbox; the user sets a password from its link and signs in', async () => {
      const mail = await waitForMail(email, /^You're invited to join Acme Corporation$/);
      expect(mail.text_body).toContain(`Hello ${firstName},`);
      const link = linkIn(mail, '/accept-invite');
      // The link points at the app the admin used.
      expect(link.origin).toBe(new URL(page.url()).origin);

      await invitee.goto(`${link.pathname}${link.search}`);
      await expect(invitee.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
      const form = invitee.getByRole('form', { name: 'Accept your invitation' });
      const newPassword = form.getByLabel('New password', { exact: true });
      const confirm = form.getByLabel('Confirm new password', { exact: true });
      const submit = form.getByRole('button', { name: 'Set Password' });

      // The document's rules: at least 8 characters, then an uppercase, a lowercase letter and a digit.
      await newPassword.fill('Ab1');
      await confirm.fill('Ab1');
      await submit.click();
      await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
      await newPassword.fill('alllowercase1');
      await confirm.fill('alllowercase1');
      await submit.click();
      await expect(
        form.getByText(
          'Password must contain at least one uppercase letter, one lowercase letter, and one number',
        ),
      ).toBeVisible();

      await newPassword.fill(password);
      await confirm.fill(password);
      await expect(
        form.getByRole('list', { name: 'Password requirements' }).getByRole('listitem'),
      ).toHaveText([
        /At least 8 characters \(met\)/,
        /An uppercase letter \(met\)/,
        /A lowercase letter \(met\)/,
        /A number \(met\)/,
      ]);
      await shoot(invitee, 'admin-02-accept-invite');
      await submit.click();
      await expectToast(invitee, 'Your password is set. Please sign in.');
      await expect(invitee).toHaveURL(/\/login$/);

      await submitSignIn(invitee, email, password);
      await expect(invitee).toHaveURL(/\/dashboard$/);
      await expect(
        invitee.getByRole('heading', { level: 1, name: `Welcome back, ${firstName}!` }),
      ).toBeVisible();

      accessToken = (await invitee.evaluate(() => localStorage.getItem('auth_token'))) ?? '';
      expect(accessToken).not.toBe('');
      const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${accessToken}` } });
      expect(me.status()).toBe(200);
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
    });

    await test.step('3. Alex makes them a Manager in Finance, then deactivates them', async () => {
      await searchUsers(page, email);
      await userRow(page, email)
        .getByRole('link', { name: `Edit ${fullName}` })
        .click();
      await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
      const form = page.getByRole('form', { name: `Edit ${fullName}` });
      await expect(form.getByRole('combobox', { name: 'Role' })).toHaveText('User');
      const save = form.getByRole('button', { name: 'Save Changes' });
      await expect(save).toBeDisabled();
      await expect(page.getByText('No changes detected')).toBeVisible();

      await chooseOption(form, 'Role', 'Manager');
      await chooseOption(form, 'Department', 'Finance (FIN)');
      const overview = page.getByRole('complementary', { name: 'User Overview' });
      await expect(overview).toContainText(/Role\s*User\s*changes to\s*Manager/);
      await expect(overview).toContainText(/Department\s*Information Technology\s*changes to\s*Finance/);
      await shoot(page, 'admin-03-edit-user');
      await expect(save).toBeEnabled();
      await save.click();
      await expectToast(page, 'User updated successfully');
      await expect(page).toHaveURL(/\/admin\/users$/);

      await searchUsers(page, email);
      const row = userRow(page, email);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Manager');
      await expect(row).not.toContainText(/\bUser\b/);
      await expect(row).toContainText('Finance');

      await row.getByRole('button', { name: `Deactivate ${fullName}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Deactivate user' });
      await expect(dialog).toContainText(`Deactivate ${fullName}?`);
      await dialog.getByRole('button', { name: 'Deactivate' }).click();
      await expectToast(page, 'User deactivated successfully');
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('Inactive');
      await expect(row.getByRole('button', { name: `Deactivate ${fullName}` })).toHaveCount(0);
      await shoot(page, 'admin-04-user-deactivated');
    });

    await test.step('4. The deactivated user cannot sign in, and their earlier token is refused', async () => {
      const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${accessToken}` } });
      expect(me.status()).toBe(401);

      // Their open tab loses its session on the next call.
      await invitee.reload();
      await expect(invitee).toHaveURL(/\/login/);

      await submitSignIn(invitee, email, password);
      await expectToast(
        invitee,
        'Your account has no active organization membership. Please contact your administrator.',
      );
      await expect(invitee).toHaveURL(/\/login/);
      await expect(invitee.getByRole('button', { name: 'Sign in' })).toBeEnabled();
      await shoot(invitee, 'admin-05-deactivated-sign-in');
    });

    await invitee.context().close();
  });

  test('departments: create with a lower-case code, edit with a head and a parent, deactivate', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const hex = randomHex();
    const name = `E2E Logistics ${hex}`;
    const renamed = `E2E Fleet Logistics ${hex}`;
    const code = `lg-${hex}`;

    await signIn(page, 'admin@acme.test');
    await searchDepartments(page, hex);
    await expect(page.getByText('No departments found')).toBeVisible();

    await test.step('create: the code typed in lower case shows in upper case', async () => {
      await page.getByRole('button', { name: 'Add Department' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add Department' });
      const form = dialog.getByRole('form', { name: 'Department details' });
      // Blank name and code are refused on the spot.
      await form.getByRole('button', { name: 'Create Department' }).click();
      await expect(form.getByText('Name and code are required')).toBeVisible();

      await form.getByRole('textbox', { name: 'Name' }).fill(name);
      await form.getByRole('textbox', { name: 'Code' }).pressSequentially(code);
      await expect(form.getByRole('textbox', { name: 'Code' })).toHaveValue(code.toUpperCase());
      await expect(form.getByText('Name and code are required')).toBeHidden();
      await form.getByRole('textbox', { name: 'Description' }).fill('Moves stock between sites');
      await shoot(page, 'admin-06-department-create');
      await form.getByRole('button', { name: 'Create Department' }).click();
      await expectToast(page, 'Department created successfully');
      await expect(dialog).toBeHidden();

      const card = departmentCard(page, name);
      await expect(card).toContainText(code.toUpperCase());
      await expect(card).toContainText('Active');
      await expect(card).toContainText('Moves stock between sites');
      await expect(card).toContainText(/Head\s*Not assigned/);
      await expect(card).toContainText(/Parent\s*None \(top level\)/);
    });

    await test.step('edit: new name and description, Frank Li as head, Finance as parent', async () => {
      await departmentCard(page, name)
        .getByRole('button', { name: `Edit ${name}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Edit Department' });
      const form = dialog.getByRole('form', { name: 'Department details' });
      await expect(form.getByRole('textbox', { name: 'Code' })).toHaveValue(code.toUpperCase());
      await form.getByRole('textbox', { name: 'Name' }).fill(renamed);
      await form.getByRole('textbox', { name: 'Description' }).fill('Runs the delivery fleet');
      await chooseOption(form, 'Department Head', 'Frank Li');
      await chooseOption(form, 'Parent Department', 'Finance (FIN)');
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Department updated successfully');
      await expect(dialog).toBeHidden();

      await expect(departmentCard(page, name)).toHaveCount(0);
      const card = departmentCard(page, renamed);
      await expect(card).toContainText(code.toUpperCase());
      await expect(card).toContainText('Runs the delivery fleet');
      await expect(card).toContainText(/Head\s*Frank Li/);
      await expect(card).toContainText(/Parent\s*Finance/);
      await expect(card).toContainText('Active');
    });

    await test.step('deactivate: after confirmation the card shows Inactive', async () => {
      const card = departmentCard(page, renamed);
      await card.getByRole('button', { name: `Deactivate ${renamed}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Deactivate Department' });
      await expect(dialog).toContainText(`Deactivate ${renamed} (${code.toUpperCase()})?`);
      await dialog.getByRole('button', { name: 'Deactivate' }).click();
      await expectToast(page, 'Department deactivated successfully');
      await expect(dialog).toBeHidden();

      await expect(card).toContainText('Inactive');
      await expect(card).not.toContainText(/\bActive\b/);
      await expect(card.getByRole('button', { name: `Deactivate ${renamed}` })).toHaveCount(0);
      await expect(card.getByRole('button', { name: `Reactivate ${renamed}` })).toBeVisible();
      // It keeps its head and parent.
      await expect(card).toContainText(/Head\s*Frank Li/);
      await expect(card).toContainText(/Parent\s*Finance/);
      await shoot(page, 'admin-07-department-inactive');

      await page.getByRole('radio', { name: 'Inactive' }).click();
      await expect(card).toBeVisible();
      await page.getByRole('radio', { name: 'Active', exact: true }).click();
      await expect(card).toHaveCount(0);
    });
  });

  test('bulk import: the preview shows the bad row, the two good rows are created and found in the list', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const hex = randomHex();
    const good = [
      { first: 'Nina', last: `Import ${hex}`, email: uniqueEmail('nina'), invite: 'yes' },
      { first: 'Omar', last: `Import ${hex}`, email: uniqueEmail('omar'), invite: 'no' },
    ] as const;
    const bad = { first: 'Paul', last: `Import ${hex}`, email: uniqueEmail('paul') };
    const csv = [
      'first_name,last_name,email,phone,role_name,department,manager_email,send_invite',
      `${good[0].first},${good[0].last},${good[0].email},+61 2 9000 1234,User,IT,manager@acme.test,${good[0].invite}`,
      `${good[1].first},${good[1].last},${good[1].email},,Manager,Finance,finance@acme.test,${good[1].invite}`,
      `${bad.first},${bad.last},${bad.email},,Astronaut,IT,,yes`,
    ].join('\n');

    await signIn(page, 'admin@acme.test');
    await searchUsers(page, hex);
    await expect(page.getByText('No users match your search or filters.')).toBeVisible();

    await page.getByRole('button', { name: 'Bulk Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Import Users' });
    // The documented columns.
    for (const column of [
      'first_name',
      'last_name',
      'email',
      'phone',
      'role_name',
      'department',
      'manager_email',
    ]) {
      await expect(dialog.getByRole('rowheader', { name: column, exact: true })).toBeVisible();
    }
    const chooser = dialog.getByLabel('Choose CSV file');
    await expect(chooser).toBeEnabled();
    await chooser.setInputFiles({
      name: `users-${hex}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });

    const rows = dialog.getByRole('region', { name: 'Rows of the file' });
    await expect(dialog.getByText(`users-${hex}.csv`)).toBeVisible();
    await expect(dialog.getByText('2 ready', { exact: true })).toBeVisible();
    await expect(dialog.getByText('1 with errors', { exact: true })).toBeVisible();
    await expect(rows.getByRole('list', { name: 'Errors in row 4' })).toHaveText(
      'Role "Astronaut" not found',
    );
    await expect(rows.getByRole('list', { name: 'Errors in row 2' })).toHaveCount(0);
    await expect(rows.getByRole('list', { name: 'Errors in row 3' })).toHaveCount(0);
    await shoot(page, 'admin-08-import-preview');

    await dialog.getByRole('button', { name: 'Import 2 users' }).click();
    await expect(dialog.getByText('2 users created · 1 row with errors skipped')).toBeVisible();
    const created = dialog.getByRole('region', { name: 'Users created' }).getByRole('listitem');
    await expect(created).toHaveText([
      `${good[0].first} ${good[0].last}${good[0].email}`,
      `${good[1].first} ${good[1].last}${good[1].email}`,
    ]);
    await shoot(page, 'admin-09-import-summary');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    await searchUsers(page, hex);
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('rowheader')).toHaveCount(2);
    const nina = userRow(page, good[0].email);
    await expect(nina).toContainText('User');
    await expect(nina).toContainText('Information Technology');
    await expect(nina).toContainText('Mark Evans');
    const omar = userRow(page, good[1].email);
    await expect(omar).toContainText('Manager');
    await expect(omar).toContainText('Finance');
    await expect(omar).toContainText('Frank Li');
    await expect(page.getByRole('table', { name: 'Users' })).not.toContainText(bad.email);

    // send_invite yes sends the invitation; no sends nothing; the bad row was never sent.
    await waitForMail(good[0].email, /^You're invited to join Acme Corporation$/);
    expect(await outboxMailsTo(good[1].email)).toEqual([]);
    expect(await outboxMailsTo(bad.email)).toEqual([]);
  });

  test("'Forgot your password?' confirms an unknown address exactly as a known one", async ({
    page,
    browser,
  }, testInfo) => {
    const unknown = uniqueEmail('nobody');
    const known = 'head@acme.test';

    const confirmationFor = async (target: typeof page, email: string) => {
      await target.goto('/login');
      await target.getByRole('link', { name: 'Forgot your password?' }).click();
      await expect(target).toHaveURL(/\/forgot-password$/);
      const form = target.getByRole('form', { name: 'Request a password reset link' });
      await form.getByRole('textbox', { name: 'Email' }).fill(email);
      await form.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(target.getByRole('heading', { name: 'Check your email' })).toBeVisible();
      const status = target.getByRole('status').filter({ hasText: 'If an account exists' });
      await expect(status).toHaveText(
        'If an account exists for that address, we have sent a link to reset the password.',
      );
      // Everything the page says, to compare the two answers.
      return (await target.locator('body').textContent()) ?? '';
    };

    const knownText = await confirmationFor(page, known);
    await shoot(page, 'admin-10-forgot-known');
    const other = await freshPage(browser, testInfo);
    const unknownText = await confirmationFor(other, unknown);
    await shoot(other, 'admin-11-forgot-unknown');
    expect(unknownText).toBe(knownText);
    await other.context().close();

    // Only the known address gets a mail.
    await waitForMail(known, /^Reset your password$/);
    expect(await outboxMailsTo(unknown)).toEqual([]);
  });
});
