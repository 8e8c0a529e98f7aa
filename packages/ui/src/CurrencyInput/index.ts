export {
  CURRENCIES,
  type CurrencyCode,
  CurrencyInput,
  type CurrencyInputProps,
  type CurrencyOption,
  currencyDecimals,
  sanitizeAmount,
} from './CurrencyInput';
