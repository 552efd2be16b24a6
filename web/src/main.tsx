import './index.css';
import { afterFirstPaint } from './lib/after-first-paint';
import { holdEarlyTaps } from './lib/early-taps';
import { startEarlyRequests } from './lib/early-requests-start';

/**
 * The first script is small on purpose (decision 235). A page the build rendered (decision 234)
 * paints before any of the app's code is fetched or run, so its text and largest element never
 * wait for JavaScript: once the browser reports the first paint (decision 235) this script moves
 * the page's modulepreload links out of their inert template (all of them at once, no
 * waterfall) and imports the app. The
 * empty shell of every other page has nothing to paint: it starts at once, as does a page
 * opened in a background tab, which gets no frame until it is shown.
 */
function start(): void {
  // A signed-in page whose frame the server drew (decision 389) starts its reads after that
  // paint, beside the app's code.
  if (root?.firstElementChild) startEarlyRequests(location.pathname);
  const preloads = document.getElementById('app-preloads');
  if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content);
  void import('./boot');
}

const root = document.getElementById('root');
// An empty signed-in page's first reads start now, beside the app's code (early-requests.ts).
if (!root?.firstElementChild) startEarlyRequests(location.pathname);
// A page with content can be tapped before the app runs: its buttons' taps wait for it.
if (root?.firstElementChild) holdEarlyTaps(root);
if (!root?.firstElementChild || document.visibilityState === 'hidden') start();
else afterFirstPaint(start);
