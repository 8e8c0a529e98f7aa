export {
  APPROVED_REQUISITION_LIMIT,
  PurchaseOrderCreateScreen,
  purchaseOrderCreateMessages,
} from './PurchaseOrderCreateScreen';
