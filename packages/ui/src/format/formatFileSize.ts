const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * Formats a size in bytes in Bytes, KB, MB or GB (powers of 1024), rounded to two decimals with
 * trailing zeros dropped: 0 → '0 Bytes', 1536 → '1.5 KB', 1048576 → '1 MB'.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number.parseFloat(value.toFixed(2))} ${UNITS[exponent]}`;
}
