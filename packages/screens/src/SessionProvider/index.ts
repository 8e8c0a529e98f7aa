export {
  type LoginCredentials,
  type SessionContextValue,
  SessionProvider,
  type SessionProviderProps,
  type SessionStatus,
  useSession,
} from './SessionProvider';
