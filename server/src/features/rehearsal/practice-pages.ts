import type { AppContext } from '../../app-context';
import type { ShellPage } from '../../http/web-app';
import type { SessionUser } from '../../http/auth-guard';
import { getScriptTitle } from '../scripts';

type Ctx = Pick<AppContext, 'auth' | 'db' | 'clock'>;

/** The user as the session API answers (the header shows them), nothing more. */
const drawnUser = ({ id, email, role }: SessionUser) => ({ id, email, role });

const WARM_UP_USER = { id: '-', email: '-', role: 'user' };

/** A script id as the scripts API takes it; anything else has no title to look up. */
const SCRIPT_ID = /^[^/]{1,64}$/;

/**
 * `/practice` and a script's run page `/practice/{id}`, whose frame the server draws for a
 * signed-in user (decision 389): the page's heading, and on a run page the script's title, come
 * with the HTML instead of after the app's code and the page's reads. Signed out, or for
 * another user's script (no title), the page is sent as before.
 */
export function practiceShellPages(ctx: Ctx): ShellPage[] {
  return [
    {
      url: '/practice',
      name: 'practice',
      warmUp: { url: '/practice', data: { signedIn: { user: WARM_UP_USER } } },
      async render(request) {
        const user = await ctx.auth.getSessionUser(request);
        if (!user) return { status: 200 };
        return { status: 200, data: { signedIn: { user: drawnUser(user) } }, personal: true };
      },
    },
    {
      url: '/practice/:scriptId',
      name: 'practice-run',
      warmUp: { url: '/practice/-', data: { signedIn: { user: WARM_UP_USER } } },
      async render(request) {
        const user = await ctx.auth.getSessionUser(request);
        if (!user) return { status: 200 };
        const { scriptId } = request.params as { scriptId: string };
        const title = SCRIPT_ID.test(scriptId)
          ? await getScriptTitle(ctx, { userId: user.id, id: scriptId })
          : null;
        const signedIn = {
          user: drawnUser(user),
          ...(title === null ? {} : { script: { id: scriptId, title } }),
        };
        return { status: 200, data: { signedIn }, personal: true };
      },
    },
  ];
}
