export {
  type LoginCredentials,
  preloadSession,
  type SessionContextValue,
  SessionProvider,
  type SessionProviderProps,
  type SessionStatus,
  useSession,
} from './SessionProvider';
