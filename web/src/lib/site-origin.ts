import { createContext, useContext } from 'react';

/**
 * The site's address for absolute links (share buttons). The browser knows its own; the server
 * renders with the configured one (APP_URL), which the page data carries to hydration, so both
 * draw the same links (decision 237).
 */
export const SiteOriginContext = createContext<string | null>(null);

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext) ?? window.location.origin;
}
