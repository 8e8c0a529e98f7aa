export { PurchasingEmbed, type PurchasingEmbedProps } from './PurchasingEmbed';
