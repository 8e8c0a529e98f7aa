// Every export of these modules is public; the package's entry point names them (src/index.ts).
export * from './hrefs';
export * from './PurchasingProvider';
export * from './useLinkProps';
