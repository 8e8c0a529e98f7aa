// Every export of the module is public; the package's entry point names them (src/index.ts).
export * from './DashboardScreen';
