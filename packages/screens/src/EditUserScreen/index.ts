export { EditUserScreen, type EditUserScreenProps, editUserMessages } from './EditUserScreen';
