import { sanitizeHtml } from './sanitize-html';

/** The blog sanitiser's piscina task: one body in, its sanitised HTML out (sanitize-off-loop.ts). */
export default function sanitize(input: string): string {
  return sanitizeHtml(input);
}
