/** What other features use of analytics: they import it from here, never a file inside (decision 393). */
export { trackEvent } from './analytics.service';
