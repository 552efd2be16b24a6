/** A simple pattern: text, @, text, dot, text. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return SIMPLE_EMAIL.test(value.trim());
}
