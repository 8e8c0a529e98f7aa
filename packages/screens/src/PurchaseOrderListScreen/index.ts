export {
  PurchaseOrderListScreen,
  type PurchaseOrderListScreenProps,
  type PurchaseOrderListSearchChangeOptions,
  purchaseOrderListMessages,
} from './PurchaseOrderListScreen';
export { type PurchaseOrderListSearch, purchaseOrderListSearchSchema } from './searchParams';
