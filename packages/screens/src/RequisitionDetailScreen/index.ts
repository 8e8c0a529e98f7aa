export {
  RequisitionDetailScreen,
  type RequisitionDetailScreenProps,
  requisitionDetailMessages,
} from './RequisitionDetailScreen';
