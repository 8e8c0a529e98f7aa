export { type VendorListSearch, vendorListSearchSchema } from './searchParams';
export {
  VendorListScreen,
  type VendorListScreenProps,
  type VendorListSearchChangeOptions,
  vendorListMessages,
} from './VendorListScreen';
