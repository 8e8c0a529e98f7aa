export {
  PurchaseOrderEditScreen,
  type PurchaseOrderEditScreenProps,
  purchaseOrderEditMessages,
} from './PurchaseOrderEditScreen';
