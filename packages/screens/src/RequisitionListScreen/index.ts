export { requisitionListQuery } from './listQuery';
export {
  RequisitionListScreen,
  type RequisitionListScreenProps,
  type RequisitionListSearchChangeOptions,
} from './RequisitionListScreen';
export { type RequisitionListSearch, requisitionListSearchSchema } from './searchParams';
