export { ApprovalPolicyScreen, approvalPolicyMessages } from './ApprovalPolicyScreen';
