export { WebhooksScreen, webhooksMessages } from './WebhooksScreen';
