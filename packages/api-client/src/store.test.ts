import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalStorageStore, createMemoryStore, type SessionStoreEvent } from './store';

afterEach(() => {
  window.localStorage.clear();
});

/** What another tab's write looks like in this tab. */
function otherTabChanges(key: string | null, newValue: string | null) {
  if (key !== null) {
    if (newValue === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, newValue);
  }
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: window.localStorage }));
}

describe('createLocalStorageStore', () => {
  it('keeps the session under auth_token, refresh_token and current_organization_id', () => {
    const store = createLocalStorageStore();

    store.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    store.setOrganizationId('org-1');

    expect(window.localStorage.getItem('auth_token')).toBe('access-1');
    expect(window.localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(window.localStorage.getItem('current_organization_id')).toBe('org-1');
    expect([store.getAccessToken(), store.getRefreshToken(), store.getOrganizationId()]).toEqual([
      'access-1',
      'refresh-1',
      'org-1',
    ]);
  });

  it('reads what is already stored, such as the session of an earlier visit', () => {
    window.localStorage.setItem('auth_token', 'kept');
    window.localStorage.setItem('current_organization_id', 'org-9');

    const store = createLocalStorageStore();

    expect(store.getAccessToken()).toBe('kept');
    expect(store.getRefreshToken()).toBeNull();
    expect(store.getOrganizationId()).toBe('org-9');
  });

  it('removes both tokens on clearTokens and keeps the organisation choice', () => {
    const store = createLocalStorageStore();
    store.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    store.setOrganizationId('org-1');

    store.clearTokens();

    expect(window.localStorage.getItem('auth_token')).toBeNull();
    expect(window.localStorage.getItem('refresh_token')).toBeNull();
    expect(store.getOrganizationId()).toBe('org-1');
  });

  it('removes the organisation key when the choice is set to null', () => {
    const store = createLocalStorageStore();
    store.setOrganizationId('org-1');

    store.setOrganizationId(null);

    expect(window.localStorage.getItem('current_organization_id')).toBeNull();
    expect(store.getOrganizationId()).toBeNull();
  });

  it("reports this tab's changes with external false, once per changed key", () => {
    const store = createLocalStorageStore();
    const events: SessionStoreEvent[] = [];
    store.subscribe((event) => events.push(event));

    store.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    store.setOrganizationId('org-1');
    store.setOrganizationId('org-1');
    store.clearTokens();

    expect(events).toEqual([
      { key: 'auth_token', external: false },
      { key: 'refresh_token', external: false },
      { key: 'current_organization_id', external: false },
      { key: 'auth_token', external: false },
      { key: 'refresh_token', external: false },
    ]);
  });

  it("reports another tab's changes with external true, through the window's storage event", () => {
    const store = createLocalStorageStore();
    store.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    const events: SessionStoreEvent[] = [];
    store.subscribe((event) => events.push(event));

    otherTabChanges('auth_token', null);
    otherTabChanges('unrelated_key', 'x');

    expect(events).toEqual([{ key: 'auth_token', external: true }]);
    expect(store.getAccessToken()).toBeNull();
  });

  it('reports every key when another tab clears the whole storage', () => {
    const store = createLocalStorageStore();
    const events: SessionStoreEvent[] = [];
    store.subscribe((event) => events.push(event));

    otherTabChanges(null, null);

    expect(events.map((event) => event.key).sort()).toEqual([
      'auth_token',
      'current_organization_id',
      'refresh_token',
    ]);
    expect(events.every((event) => event.external)).toBe(true);
  });

  it('ignores storage events of another storage area', () => {
    const store = createLocalStorageStore();
    const listener = vi.fn();
    store.subscribe(listener);

    window.dispatchEvent(
      new StorageEvent('storage', { key: 'auth_token', newValue: null, storageArea: window.sessionStorage }),
    );

    expect(listener).not.toHaveBeenCalled();
  });

  it('stops notifying after unsubscribe', () => {
    const store = createLocalStorageStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    unsubscribe();
    store.setOrganizationId('org-1');
    otherTabChanges('auth_token', 'x');

    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps working in memory when the storage refuses to be used', () => {
    const broken = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    const store = createLocalStorageStore(broken);

    store.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });

    expect(store.getAccessToken()).toBe('access-1');
    store.clearTokens();
    expect(store.getRefreshToken()).toBeNull();
  });
});

describe('createMemoryStore', () => {
  it('starts with the given values and reports changes as local', () => {
    const store = createMemoryStore({ access_token: 'a', refresh_token: 'r', organization_id: 'org-1' });
    const events: SessionStoreEvent[] = [];
    store.subscribe((event) => events.push(event));

    store.clearTokens();

    expect(store.getOrganizationId()).toBe('org-1');
    expect(store.getAccessToken()).toBeNull();
    expect(events).toEqual([
      { key: 'auth_token', external: false },
      { key: 'refresh_token', external: false },
    ]);
  });

  it('does not touch localStorage', () => {
    createMemoryStore().setTokens({ access_token: 'a', refresh_token: 'r' });

    expect(window.localStorage.getItem('auth_token')).toBeNull();
  });
});
