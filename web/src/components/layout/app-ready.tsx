import { useEffect } from 'react';

/**
 * Sets `data-app-ready` on <html> once the page's content has been hydrated (or, on a page that
 * is not rendered at build time, drawn). A rendered page paints, and fires its load event, before
 * its scripts are even fetched (decision 235): a button tapped before this mark is held by the
 * first script and pressed again when it appears (decision 303). Rendered beside the page in
 * the same Suspense boundary, so its effect runs only when the page's own chunk has arrived.
 */
export function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}
