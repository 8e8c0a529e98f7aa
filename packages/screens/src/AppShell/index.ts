export { AppShell, type AppShellProps, NARROW_SCREEN_QUERY, SIDEBAR_COLLAPSED_KEY } from './AppShell';
export { type SidebarItem, sidebarItems } from './sidebarItems';
