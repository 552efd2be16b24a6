import { useEffect } from 'react';

/** The pause after a password change or set: 2 seconds on the success screen (docs/glossary.md#constants). */
export const PASSWORD_SUCCESS_REDIRECT_MS = 2000;

export function useRedirectAfter(
  active: boolean,
  go: () => void,
  ms = PASSWORD_SUCCESS_REDIRECT_MS,
) {
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(go, ms);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per success
  }, [active]);
}
