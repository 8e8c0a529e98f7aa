export { PendingScreen, type PendingScreenProps } from './PendingScreen';
