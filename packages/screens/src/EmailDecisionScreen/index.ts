export {
  EmailDecisionScreen,
  type EmailDecisionScreenProps,
  emailDecisionMessages,
} from './EmailDecisionScreen';
