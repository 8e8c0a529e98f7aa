export { ResetPasswordScreen, type ResetPasswordScreenProps } from './ResetPasswordScreen';
