import { createContext, type ReactElement, type ReactNode, useContext } from 'react';

/** Where floating parts render: an element (or a shadow root); `null` means the document's body. */
export type PortalContainer = Element | DocumentFragment | null;

const PortalContainerContext = createContext<PortalContainer>(null);

/** Props of {@link PortalContainerProvider}. */
export interface PortalContainerProviderProps {
  /** The element the floating parts render into; `null` (the default) keeps Radix's `document.body`. */
  container: PortalContainer;
  children?: ReactNode;
}

/**
 * Makes the floating parts of every widget and screen inside it (dialogs, popovers, selects, menus,
 * tooltips) render into `container` instead of `document.body`. A host that mounts the screens in a
 * shadow root passes an element of that shadow root, so what opens in a portal stays under the shadow
 * root's styles (Radix Themes' CSS injected there) and out of the page's:
 *
 * ```tsx
 * <PortalContainerProvider container={portalHost}>
 *   <ApprovalQueueScreen />
 * </PortalContainerProvider>
 * ```
 */
export function PortalContainerProvider({ container, children }: PortalContainerProviderProps): ReactElement {
  return <PortalContainerContext.Provider value={container}>{children}</PortalContainerContext.Provider>;
}

/**
 * The container of the nearest {@link PortalContainerProvider}, or `null` (the document's body) without
 * one: pass it as `container` to every Radix Themes `*.Content` and `Tooltip`.
 */
export function usePortalContainer(): PortalContainer {
  return useContext(PortalContainerContext);
}
