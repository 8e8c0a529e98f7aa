export { CreateUserScreen, createUserMessages } from './CreateUserScreen';
export {
  type CreateUserFormOutput,
  type CreateUserFormValues,
  createUserSchema,
  type EditUserFormOutput,
  type EditUserFormValues,
  editUserSchema,
  MANAGER_ROLE_NAMES,
  userFormMessages,
} from './userFormSchema';
