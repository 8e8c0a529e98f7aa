import { screen, within } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import { CreateRequisitionScreen } from '../RequisitionFormScreen/RequisitionFormScreen';
import { http } from './handlers';
import { renderScreen } from './render';
import { createRequisitionApi } from './requisitionHandlers';
import { server } from './server';

/** A delivery date safely in the future, whatever day the tests run. */
export function futureDate(days = 30): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Records the bodies of POST and PUT /requisitions and of the uploads, in call order. */
export function recordCalls() {
  const calls: { kind: 'create' | 'update' | 'upload' | 'submit'; body?: unknown; entityId?: string }[] = [];
  return {
    calls,
    handlers: [
      http.post('/requisitions', async ({ request }) => {
        calls.push({ kind: 'create', body: await request.clone().json() });
        return undefined;
      }),
      http.put('/requisitions/{id}', async ({ request }) => {
        calls.push({ kind: 'update', body: await request.clone().json() });
        return undefined;
      }),
      http.post('/requisitions/{id}/submit', ({ params }) => {
        calls.push({ kind: 'submit', entityId: params.id });
        return undefined;
      }),
      http.post('/attachments/upload', async ({ request }) => {
        const form = await request.clone().formData();
        // jsdom's File loses its name on the way through undici's FormData, so the names are read
        // where the client appends them (see `appendedFileNames`).
        calls.push({
          kind: 'upload',
          entityId: String(form.get('entity_id')),
          body: form.getAll('files').length,
        });
        return undefined;
      }),
    ],
  };
}

/** The file names the client appends to upload forms, in order. */
export function appendedFileNames() {
  const names: string[] = [];
  const original = FormData.prototype.append;
  const spy = vi.spyOn(FormData.prototype, 'append').mockImplementation(function (
    this: FormData,
    ...args: [string, string | Blob, string?]
  ) {
    if (args[0] === 'files' && typeof args[2] === 'string') names.push(args[2]);
    return Reflect.apply(original, this, args);
  });
  onTestFinished(() => spy.mockRestore());
  return names;
}

export function setupCreate(...overrides: Parameters<typeof server.use>) {
  const api = createRequisitionApi();
  const recorder = recordCalls();
  // Recorders first: they note the call and fall through to the in-memory API.
  server.use(...api.handlers);
  server.use(...recorder.handlers, ...overrides);
  return { ...renderScreen(<CreateRequisitionScreen />, { signedIn: true }), api, calls: recorder.calls };
}

export function line(n: number) {
  return screen.getByRole('group', { name: `Item ${n}` });
}

export async function choose(
  user: ReturnType<typeof renderScreen>['user'],
  label: string,
  option: string,
  scope: HTMLElement = document.body,
) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Fills in the smallest valid form: cost centre, GL account and a described first line. */
export async function fillValidForm(user: ReturnType<typeof renderScreen>['user']) {
  await choose(user, 'Cost Center', 'CC-100 - Operations');
  await choose(user, 'GL Account', '6100 - Office Supplies');
  await user.type(within(line(1)).getByRole('textbox', { name: 'Description' }), 'Standing desk');
  const price = within(line(1)).getByRole('spinbutton', { name: 'Unit Price' });
  await user.clear(price);
  await user.type(price, '450');
}
