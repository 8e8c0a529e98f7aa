export {
  CANNOT_EDIT_MESSAGE,
  CREATE_NO_ORGANIZATION_MESSAGE,
  CreateRequisitionScreen,
  EDIT_NOT_FOUND_MESSAGE,
  EditRequisitionScreen,
  type EditRequisitionScreenProps,
} from './RequisitionFormScreen';
export {
  ATTACHMENT_TYPES,
  MAX_ATTACHMENT_SIZE,
  MAX_ATTACHMENTS,
  REQUISITION_CATEGORIES,
  type RequisitionFormOutput,
  type RequisitionFormValues,
  type RequisitionLineFormValues,
  requisitionFormMessages,
  requisitionFormSchema,
  UNITS_OF_MEASURE,
} from './requisitionFormSchema';
