export { type LoginFormValues, LoginScreen, type LoginScreenProps, loginSchema } from './LoginScreen';
