/** How long after two frames the page waits for its first-paint entry before starting anyway. */
export const FIRST_PAINT_FALLBACK_MS = 1000;

type PaintWindow = Pick<Window, 'requestAnimationFrame' | 'setTimeout'> & {
  PerformanceObserver?: typeof PerformanceObserver;
};

/**
 * Calls `start` once the browser reports the page's first contentful paint (decision 235): the
 * paint timing entry is queued once the frame was shown, so what `start` fetches can never be
 * counted as something the paint waited for. Two frames alone (decision 235) were not enough on a
 * busy machine: the frame was shown after the app's scripts had arrived, and Lighthouse's
 * simulation then counted the whole framework as needed for the first paint. A browser without
 * paint timing starts after two frames; one whose entry never comes, a little later.
 */
export function afterFirstPaint(start: () => void, win: PaintWindow = window): void {
  let started = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  const Observer = win.PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    observer = new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  const wait = observer ? FIRST_PAINT_FALLBACK_MS : 0;
  win.requestAnimationFrame(() => win.requestAnimationFrame(() => win.setTimeout(once, wait)));
}
