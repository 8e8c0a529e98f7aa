export {
  type PortalContainer,
  PortalContainerProvider,
  type PortalContainerProviderProps,
  usePortalContainer,
} from './PortalContainer';
