/**
 * A whole number as en-US writes it ("80,000,000"), without Intl: a page's first Intl call sets
 * up its locale data in one long task, which a message built as a module loads must not cost.
 */
export function formatInteger(n: number): string {
  const digits = Math.trunc(Math.abs(n)).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 && digits !== '0' ? `-${grouped}` : grouped;
}
