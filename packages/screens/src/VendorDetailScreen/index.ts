export { VendorDetailScreen, type VendorDetailScreenProps, vendorDetailMessages } from './VendorDetailScreen';
