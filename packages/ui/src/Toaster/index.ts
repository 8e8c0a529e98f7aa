export { Toaster, type ToasterProps, toast, toasterConfig } from './Toaster';
