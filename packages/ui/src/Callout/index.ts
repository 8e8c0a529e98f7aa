export { Callout, type CalloutProps, type CalloutVariant, calloutVariants } from './Callout';
