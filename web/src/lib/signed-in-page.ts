import { createContext, useContext } from 'react';
import type { SessionUser } from '@doublecast/common/auth';

/**
 * A signed-in page the server drew for its user before sending it (decision 389): the page's
 * frame, with the script's title on a run page. While React hydrates it, the guards draw the
 * page as the server did instead of waiting for the session.
 */
export interface SignedInPage {
  /** Whom it was drawn for: the header shows them while the session is read again. */
  user: SessionUser;
  /** The run page's script and its title, when the page is a run page. */
  script?: { id: string; title: string };
}

export const SignedInPageContext = createContext<SignedInPage | null>(null);

/** The signed-in page the server drew, or null (any other page, or one drawn in the browser). */
export function useSignedInPage(): SignedInPage | null {
  return useContext(SignedInPageContext);
}
