export {
  PurchaseOrderDetailScreen,
  type PurchaseOrderDetailScreenProps,
  purchaseOrderDetailMessages,
} from './PurchaseOrderDetailScreen';
