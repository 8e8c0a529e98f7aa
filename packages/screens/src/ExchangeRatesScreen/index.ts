export { ExchangeRatesScreen } from './ExchangeRatesScreen';
