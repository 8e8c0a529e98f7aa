/** The keys under which the session lives in storage (document 2 §9). */
export const STORAGE_KEYS = {
  accessToken: 'auth_token',
  refreshToken: 'refresh_token',
  organizationId: 'current_organization_id',
} as const;

/** One of the stored keys: `auth_token`, `refresh_token` or `current_organization_id`. */
export type SessionStoreKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** A change of one stored key; `external` is true when another browser tab made it. */
export interface SessionStoreEvent {
  key: SessionStoreKey;
  external: boolean;
}

/** The pair of tokens a sign-in or a refresh answers. */
export interface SessionTokens {
  access_token: string;
  refresh_token: string;
}

/**
 * Where the client keeps the session: the access token (sent as `Authorization: Bearer`), the refresh
 * token and the current organisation (sent as `X-Organization-Id`). Hosts may supply their own.
 */
export interface SessionStore {
  /** The access token, or null when signed out. */
  getAccessToken(): string | null;
  /** The refresh token, or null when there is none. */
  getRefreshToken(): string | null;
  /** Stores both tokens (after a sign-in or a refresh). */
  setTokens(tokens: SessionTokens): void;
  /** Forgets both tokens (sign-out, refused refresh). The organisation choice is kept. */
  clearTokens(): void;
  /** The current organisation's id, or null when none is chosen. */
  getOrganizationId(): string | null;
  /** Chooses the current organisation; null forgets the choice. */
  setOrganizationId(id: string | null): void;
  /**
   * Calls `listener` after each change of a stored key, with `external: true` when another tab made it.
   * Returns the function that unsubscribes.
   */
  subscribe(listener: (event: SessionStoreEvent) => void): () => void;
}

const ALL_KEYS: readonly SessionStoreKey[] = Object.values(STORAGE_KEYS);

function isSessionStoreKey(key: string): key is SessionStoreKey {
  return (ALL_KEYS as readonly string[]).includes(key);
}

/** The part of the Web Storage API the store uses. */
type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function createMemoryStorage(initial: Iterable<[string, string]> = []): KeyValueStorage {
  const values = new Map<string, string>(initial);
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

/**
 * A key-value storage that never throws: it uses `storage` while it works and remembers values in memory
 * when it does not (storage disabled, private mode quota, sandboxed frame).
 */
function createResilientStorage(storage: KeyValueStorage | undefined): KeyValueStorage {
  const memory = createMemoryStorage();
  if (!storage) return memory;
  let usable = true;
  return {
    getItem(key) {
      if (usable) {
        try {
          return storage.getItem(key);
        } catch {
          usable = false;
        }
      }
      return memory.getItem(key);
    },
    setItem(key, value) {
      memory.setItem(key, value);
      if (!usable) return;
      try {
        storage.setItem(key, value);
      } catch {
        usable = false;
      }
    },
    removeItem(key) {
      memory.removeItem(key);
      if (!usable) return;
      try {
        storage.removeItem(key);
      } catch {
        usable = false;
      }
    },
  };
}

/** `window.localStorage` when there is one that can be read; reading it throws in some sandboxes. */
function defaultLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function defaultEventTarget(): EventTarget | undefined {
  return typeof window === 'undefined' ? undefined : window;
}

type Listener = (event: SessionStoreEvent) => void;

/** The store logic over any key-value storage; `target` (if any) delivers other tabs' `storage` events. */
function createStore(
  storage: KeyValueStorage,
  external?: { target: EventTarget; storageArea: unknown },
): SessionStore {
  const listeners = new Set<Listener>();

  const notify = (key: SessionStoreKey, isExternal: boolean) => {
    for (const listener of [...listeners]) listener({ key, external: isExternal });
  };

  const write = (key: SessionStoreKey, value: string | null) => {
    const previous = storage.getItem(key);
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    if (previous !== value) notify(key, false);
  };

  // The browser fires `storage` in every other tab of the origin when one tab changes localStorage.
  const onStorage = (event: Event) => {
    const { key, storageArea } = event as StorageEvent;
    if (external && storageArea != null && storageArea !== external.storageArea) return;
    if (key === null) {
      // `localStorage.clear()` in another tab: every key may have changed.
      for (const each of ALL_KEYS) notify(each, true);
    } else if (isSessionStoreKey(key)) {
      notify(key, true);
    }
  };

  return {
    getAccessToken: () => storage.getItem(STORAGE_KEYS.accessToken),
    getRefreshToken: () => storage.getItem(STORAGE_KEYS.refreshToken),
    setTokens({ access_token, refresh_token }) {
      write(STORAGE_KEYS.accessToken, access_token);
      write(STORAGE_KEYS.refreshToken, refresh_token);
    },
    clearTokens() {
      write(STORAGE_KEYS.accessToken, null);
      write(STORAGE_KEYS.refreshToken, null);
    },
    getOrganizationId: () => storage.getItem(STORAGE_KEYS.organizationId),
    setOrganizationId(id) {
      write(STORAGE_KEYS.organizationId, id);
    },
    subscribe(listener) {
      if (listeners.size === 0) external?.target.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        if (!listeners.delete(listener)) return;
        if (listeners.size === 0) external?.target.removeEventListener('storage', onStorage);
      };
    },
  };
}

/**
 * The browser's session store: `localStorage` keys `auth_token`, `refresh_token` and
 * `current_organization_id`. `subscribe` reports this tab's writes (`external: false`) and, through the
 * window's `storage` event, changes made by other tabs (`external: true`), so removing the token in one
 * tab can sign the others out. Without a usable storage (server rendering, storage disabled) it keeps the
 * session in memory.
 *
 * @param storage the storage to use; defaults to `window.localStorage` when there is one.
 * @param target where other tabs' `storage` events arrive; defaults to `window` when there is one.
 */
export function createLocalStorageStore(
  storage: Storage | undefined = defaultLocalStorage(),
  target: EventTarget | undefined = defaultEventTarget(),
): SessionStore {
  return createStore(
    createResilientStorage(storage),
    target && storage ? { target, storageArea: storage } : undefined,
  );
}

/** The session values a memory store starts with. */
export interface MemoryStoreInitialValues {
  access_token?: string | null;
  refresh_token?: string | null;
  organization_id?: string | null;
}

/**
 * A session store that lives in memory only (tests, server rendering, hosts that keep tokens elsewhere).
 * `subscribe` reports every change with `external: false`.
 */
export function createMemoryStore(initial: MemoryStoreInitialValues = {}): SessionStore {
  const entries: [string, string][] = [];
  if (initial.access_token) entries.push([STORAGE_KEYS.accessToken, initial.access_token]);
  if (initial.refresh_token) entries.push([STORAGE_KEYS.refreshToken, initial.refresh_token]);
  if (initial.organization_id) entries.push([STORAGE_KEYS.organizationId, initial.organization_id]);
  return createStore(createMemoryStorage(entries));
}
