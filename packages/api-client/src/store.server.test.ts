// @vitest-environment node
import { expect, it } from 'vitest';
import { createLocalStorageStore } from './store';

it('falls back to memory where there is no window (server rendering)', () => {
  expect(typeof window).toBe('undefined');
  const store = createLocalStorageStore();
  const keys: string[] = [];
  store.subscribe((event) => keys.push(event.key));

  store.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
  store.setOrganizationId('org-1');

  expect([store.getAccessToken(), store.getRefreshToken(), store.getOrganizationId()]).toEqual([
    'access-1',
    'refresh-1',
    'org-1',
  ]);
  expect(keys).toEqual(['auth_token', 'refresh_token', 'current_organization_id']);
});
