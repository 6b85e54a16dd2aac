/**
 * The order of names in outputs and reports: by UTF-16 code units (as `sort()` without a
 * comparator), never by locale, so that the same input gives the same bytes on every machine.
 */
export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
