import type { components } from '@purchasing/contract';
import type { ErrorDetail } from '../../domain/errors.js';

/** A vendor price as a form gives it (`ProductPriceInput`). */
export type PriceForm = components['schemas']['ProductPriceInput'];

/**
 * The rules of one product's vendor prices, before any is stored: a window ends on or after its first
 * day, and one vendor's windows do not overlap (days inclusive, an open end reaching forever). The
 * errors name `prices.<i>.<field>`, counted from 0 as the body's array is.
 */
export function checkPriceWindows(prices: readonly PriceForm[]): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  prices.forEach((price, i) => {
    if (price.effective_to && price.effective_to < price.effective_from) {
      errors.push({
        field: `prices.${i}.effective_to`,
        message: 'The last day cannot be before the first day',
      });
      return;
    }
    const clash = prices.findIndex(
      (other, j) =>
        j < i &&
        other.vendor_id.toLowerCase() === price.vendor_id.toLowerCase() &&
        !(other.effective_to && other.effective_to < other.effective_from) &&
        other.effective_from <= (price.effective_to ?? '9999-12-31') &&
        price.effective_from <= (other.effective_to ?? '9999-12-31'),
    );
    if (clash >= 0) {
      errors.push({
        field: `prices.${i}.effective_from`,
        message: `This price overlaps price ${clash + 1} of the same vendor`,
      });
    }
  });
  return errors;
}

/** Trims a text field; blank or missing is null. */
export const textOrNull = (value: string | null | undefined): string | null => value?.trim() || null;
