export { VendorFormScreen, type VendorFormScreenProps, vendorFormScreenMessages } from './VendorFormScreen';
