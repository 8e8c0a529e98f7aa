import {
  isApiError,
  organizationQueries,
  type PurchasingClient,
  type Schemas,
  unwrap,
} from '@purchasing/api-client';
import { Button, Callout, Card, toast } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { usePurchasing } from '../PurchasingProvider';

type User = Schemas['User'];
type Organization = Schemas['Organization'];
type PermissionName = Schemas['PermissionName'];

/** Where the session stands: still being restored, signed in, or signed out. */
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** Email and password of the sign-in form. */
export interface LoginCredentials {
  email: string;
  password: string;
}

/** What {@link useSession} returns. */
export interface SessionContextValue {
  /** 'loading' while the stored session is being restored (or could not be checked, see `error`). */
  status: SessionStatus;
  /** The signed-in user, from `POST /auth/login` or `GET /auth/me`. */
  user: User | null;
  /** The organisations the user may work in (from `GET /organizations`, active memberships only). */
  organizations: Organization[];
  /** True while the session or the organisations are being fetched. */
  organizationsLoading: boolean;
  /** The organisation the screens work in; its id goes out as `X-Organization-Id`. */
  currentOrganization: Organization | null;
  /** Permission names of the user's role in the current organisation (not the union over organisations). */
  permissions: PermissionName[];
  /** Whether the user's role in the current organisation has this permission. */
  hasPermission(name: PermissionName): boolean;
  /**
   * Signs in: stores the tokens and toasts 'Welcome back!'. On failure toasts the server's message (or
   * 'Login failed. Please try again.') and rejects with the error.
   */
  login(credentials: LoginCredentials): Promise<User>;
  /** Signs out: `POST /auth/logout`, then clears the tokens, the organisation choice and the query cache. */
  logout(): Promise<void>;
  /**
   * Makes `id` the current organisation. Refused (returns false) unless the user has an active
   * membership of it.
   */
  switchOrganization(id: string): boolean;
  /**
   * Set when the stored session could not be checked because the server was unreachable or failed;
   * the tokens are kept and `status` stays 'loading'. {@link SessionContextValue.retry} tries again.
   */
  error: Error | null;
  /** Tries to restore the stored session again after `error`. */
  retry(): void;
}

type SessionState =
  | { status: 'loading'; user: null; error: Error | null }
  | { status: 'authenticated'; user: User; error: null }
  | { status: 'unauthenticated'; user: null; error: null };

type RestoreResult =
  | { kind: 'authenticated'; user: User }
  | { kind: 'unauthenticated' }
  | { kind: 'error'; error: Error };

const SIGNED_OUT: SessionState = { status: 'unauthenticated', user: null, error: null };
const LOADING: SessionState = { status: 'loading', user: null, error: null };

const SessionContext = createContext<SessionContextValue | null>(null);

/** 401 and 403 mean the server refused the credentials; anything else (network, 5xx) says nothing about them. */
function isAuthRejection(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

async function fetchMe(client: PurchasingClient): Promise<User> {
  const data = await unwrap(client.api.GET('/auth/me'));
  return data.user;
}

/**
 * Document 1 §4: a stored token is used to fetch the current user. If that fails and a refresh token
 * exists, a refresh is tried and the user fetched again; the tokens are cleared only when the answer is
 * 401 or 403 (a network error keeps them). With no refresh token the session is cleared.
 */
async function restoreSession(client: PurchasingClient): Promise<RestoreResult> {
  const { store } = client;
  if (client.usesExternalToken) return restorePortalSession(client);
  if (!store.getAccessToken() && !store.getRefreshToken()) return { kind: 'unauthenticated' };
  try {
    if (store.getAccessToken()) return { kind: 'authenticated', user: await fetchMe(client) };
  } catch {
    // Fall through to the refresh below.
  }
  if (!store.getRefreshToken()) {
    store.clearTokens();
    return { kind: 'unauthenticated' };
  }
  try {
    const refreshed = await client.refresh();
    if (!refreshed) {
      // The client clears the tokens itself when the server refuses the refresh token; when it kept
      // them, the server could not be reached and the session may still be good.
      if (!store.getRefreshToken()) return { kind: 'unauthenticated' };
      return { kind: 'error', error: new Error('The session could not be refreshed.') };
    }
    return { kind: 'authenticated', user: await fetchMe(client) };
  } catch (error) {
    if (isAuthRejection(error)) {
      store.clearTokens();
      return { kind: 'unauthenticated' };
    }
    return { kind: 'error', error: toError(error) };
  }
}

/**
 * With the portal's own token (`createPurchasingClient({ getAccessToken })`) there is nothing stored to
 * restore: the current user is asked for, and a refused token means the portal has no signed-in user
 * (the portal signs its users in; the screens never show a sign-in of their own).
 */
async function restorePortalSession(client: PurchasingClient): Promise<RestoreResult> {
  try {
    return { kind: 'authenticated', user: await fetchMe(client) };
  } catch (error) {
    if (isAuthRejection(error)) return { kind: 'unauthenticated' };
    return { kind: 'error', error: toError(error) };
  }
}

/** Whether there is a session to restore: the portal's token getter, or stored tokens. */
function hasSession(client: PurchasingClient): boolean {
  return client.usesExternalToken || Boolean(client.store.getAccessToken() || client.store.getRefreshToken());
}

/** Restores begun by {@link preloadSession}, each taken by the first SessionProvider of its client. */
const preloaded = new WeakMap<PurchasingClient, Promise<RestoreResult>>();

/**
 * Starts restoring the stored session (`GET /auth/me`, with a refresh if needed) at once, before React
 * renders: a host calls it at start-up so that the check runs in parallel with the loading of the app's
 * code instead of after the first render (issue 12). The next {@link SessionProvider} mounted with the
 * same client takes this restore as its first one instead of starting its own. Does nothing without a
 * session to restore, or when one is already waiting.
 */
export function preloadSession(client: PurchasingClient): void {
  if (!hasSession(client) || preloaded.has(client)) return;
  preloaded.set(client, restoreSession(client));
}

/** Props of {@link SessionProvider}. */
export interface SessionProviderProps {
  children?: ReactNode;
}

/**
 * Restores, holds and ends the signed-in session (document 1 §4) and the current organisation. Mount it
 * inside {@link PurchasingProvider} and the host's `QueryClientProvider`. While a stored session cannot
 * be checked because the server is unreachable it shows an error with a retry instead of its children
 * (the tokens are kept, so the user is not signed out by a network blip).
 */
export function SessionProvider({ children }: SessionProviderProps): ReactElement {
  const { client } = usePurchasing();
  const { store } = client;
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(() => (hasSession(client) ? LOADING : SIGNED_OUT));
  const [storedOrganizationId, setStoredOrganizationId] = useState(() => store.getOrganizationId());
  const [attempt, setAttempt] = useState(0);
  const statusRef = useRef(state.status);
  statusRef.current = state.status;
  // One restore per attempt, even when React runs the effect twice (StrictMode): a second concurrent
  // refresh would reuse a rotated refresh token, which the server treats as theft.
  const restoreRef = useRef<{ attempt: number; promise: Promise<RestoreResult> } | null>(null);

  useEffect(() => {
    if (!hasSession(client)) {
      setState(SIGNED_OUT);
      return;
    }
    let active = true;
    if (restoreRef.current?.attempt !== attempt) {
      const early = attempt === 0 ? preloaded.get(client) : undefined;
      preloaded.delete(client);
      restoreRef.current = { attempt, promise: early ?? restoreSession(client) };
    }
    restoreRef.current.promise.then((result) => {
      if (!active) return;
      if (result.kind === 'authenticated')
        setState({ status: 'authenticated', user: result.user, error: null });
      else if (result.kind === 'unauthenticated') setState(SIGNED_OUT);
      else setState({ status: 'loading', user: null, error: result.error });
    });
    return () => {
      active = false;
    };
  }, [client, attempt]);

  const signOutLocally = useCallback(() => {
    statusRef.current = 'unauthenticated';
    store.setOrganizationId(null);
    void queryClient.cancelQueries();
    queryClient.clear();
    setState(SIGNED_OUT);
  }, [store, queryClient]);

  // The token removed in another tab (or cleared by the client after a refused refresh) signs this tab out;
  // an organisation chosen in another tab is followed, since both tabs share the stored choice.
  useEffect(
    () =>
      store.subscribe((event) => {
        if (
          event.key === 'auth_token' &&
          store.getAccessToken() === null &&
          statusRef.current === 'authenticated'
        ) {
          signOutLocally();
        }
        if (event.key === 'current_organization_id') setStoredOrganizationId(store.getOrganizationId());
      }),
    [store, signOutLocally],
  );

  const organizationsQuery = useQuery({
    ...organizationQueries.list(client),
    enabled: state.status === 'authenticated',
  });

  const user = state.user;
  const activeMemberships = useMemo(
    () => (user?.user_organizations ?? []).filter((membership) => membership.is_active),
    [user],
  );

  const organizations = useMemo(() => {
    const all = organizationsQuery.data?.organizations ?? [];
    return all.filter((organization) =>
      activeMemberships.some((membership) => membership.organization.id === organization.id),
    );
  }, [organizationsQuery.data, activeMemberships]);

  const currentOrganization = useMemo(() => {
    const stored = organizations.find((organization) => organization.id === storedOrganizationId);
    if (stored) return stored;
    for (const membership of activeMemberships) {
      const first = organizations.find((organization) => organization.id === membership.organization.id);
      if (first) return first;
    }
    return null;
  }, [organizations, activeMemberships, storedOrganizationId]);

  // Keep the stored choice (sent as X-Organization-Id) in line with the organisation in use.
  useEffect(() => {
    if (state.status !== 'authenticated' || !organizationsQuery.isSuccess) return;
    const id = currentOrganization?.id ?? null;
    if (store.getOrganizationId() !== id) {
      store.setOrganizationId(id);
      setStoredOrganizationId(id);
    }
  }, [state.status, organizationsQuery.isSuccess, currentOrganization, store]);

  const permissions = useMemo<PermissionName[]>(() => {
    if (!currentOrganization) return [];
    const membership = activeMemberships.find((m) => m.organization.id === currentOrganization.id);
    return membership ? membership.role.permissions.map((permission) => permission.name) : [];
  }, [activeMemberships, currentOrganization]);

  const login = useCallback(
    async ({ email, password }: LoginCredentials): Promise<User> => {
      try {
        const data = await unwrap(client.api.POST('/auth/login', { body: { email, password } }));
        queryClient.clear();
        store.setTokens({
          access_token: data.session.access_token,
          refresh_token: data.session.refresh_token,
        });
        setState({ status: 'authenticated', user: data.user, error: null });
        toast.success('Welcome back!');
        return data.user;
      } catch (error) {
        const message =
          error instanceof Error && error.message ? error.message : 'Login failed. Please try again.';
        toast.error(message);
        throw error;
      }
    },
    [client, store, queryClient],
  );

  const logout = useCallback(async () => {
    const refreshToken = store.getRefreshToken();
    try {
      await client.api.POST('/auth/logout', { body: refreshToken ? { refresh_token: refreshToken } : {} });
    } catch (error) {
      // Signing out locally must not depend on the server being reachable.
      console.warn('Sign-out request failed; signing out locally.', error);
    }
    store.clearTokens();
    signOutLocally();
  }, [client, store, signOutLocally]);

  const switchOrganization = useCallback(
    (id: string): boolean => {
      const allowed = activeMemberships.some((membership) => membership.organization.id === id);
      if (!allowed) return false;
      // Organisation-scoped queries key on the organisation (queryKeys.organization(id)), so nothing of
      // the previous organisation is served for the new one.
      store.setOrganizationId(id);
      setStoredOrganizationId(id);
      return true;
    },
    [activeMemberships, store],
  );

  const retry = useCallback(() => {
    setState(LOADING);
    setAttempt((value) => value + 1);
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({
      status: state.status,
      user,
      organizations,
      organizationsLoading:
        state.status === 'loading' || (state.status === 'authenticated' && organizationsQuery.isPending),
      currentOrganization,
      permissions,
      hasPermission: (name) => permissions.includes(name),
      login,
      logout,
      switchOrganization,
      error: state.error,
      retry,
    }),
    [
      state,
      user,
      organizations,
      organizationsQuery.isPending,
      currentOrganization,
      permissions,
      login,
      logout,
      switchOrganization,
      retry,
    ],
  );

  let content: ReactNode = children;
  if (state.status === 'loading' && state.error) {
    content = <SessionErrorState onRetry={retry} onSignOut={() => void logout()} />;
  }
  return <SessionContext.Provider value={value}>{content}</SessionContext.Provider>;
}

function SessionErrorState({ onRetry, onSignOut }: { onRetry(): void; onSignOut(): void }): ReactElement {
  return (
    <Flex align="center" justify="center" p="4" style={{ minHeight: '100vh' }}>
      <Card title="We couldn't check your session">
        <Flex direction="column" gap="3" mt="2" style={{ maxWidth: 420 }}>
          <Callout variant="error">
            The server could not be reached. You are still signed in; check your connection and try again.
          </Callout>
          <Flex gap="2" justify="end">
            <Button variant="secondary" onClick={onSignOut}>
              Sign out
            </Button>
            <Button onClick={onRetry}>Try again</Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}

/**
 * The session from the nearest {@link SessionProvider}.
 * @throws Error when called outside a SessionProvider.
 */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) {
    throw new Error('useSession must be used inside <SessionProvider> (itself inside <PurchasingProvider>).');
  }
  return value;
}
