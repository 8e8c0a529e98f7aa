export { defaultHrefs, type Hrefs } from './hrefs';
export {
  type Navigation,
  type NavigationBlocker,
  type NavigationBlockerOptions,
  type PurchasingContextValue,
  PurchasingProvider,
  type PurchasingProviderProps,
  usePurchasing,
} from './PurchasingProvider';
export { type LinkProps, useLinkProps } from './useLinkProps';
