export { AcceptInviteScreen, type AcceptInviteScreenProps } from './AcceptInviteScreen';
