export {
  APPROVAL_QUEUE_PAGE_SIZES,
  APPROVAL_QUEUE_SEARCH_DEBOUNCE_MS,
  ApprovalQueueScreen,
  approvalQueueMessages,
} from './ApprovalQueueScreen';
