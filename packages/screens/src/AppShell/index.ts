export { AppShell, type AppShellProps, SIDEBAR_COLLAPSED_KEY } from './AppShell';
export { type SidebarItem, sidebarItems } from './sidebarItems';
