/**
 * A page rendered at build time paints and can be tapped before the app has taken it over
 * (decision 303): its links are real links and work at once, but a button does nothing until
 * React runs its handler, and a tap in that window (seconds on a slow phone) was lost. Such a
 * tap is stopped before anything sees it, its button is marked as pressed (`data-held`), and
 * once `<html>` carries `data-app-ready` (AppReady) the button is clicked again, once. Only
 * the last tap is kept. Runs in the first script, so it must stay small.
 */
export function holdEarlyTaps(root: Element, doc: Document = document): void {
  const html = doc.documentElement;
  if ('appReady' in html.dataset) return;
  let held: HTMLElement | null = null;

  const hold = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLElement>('button, [role="button"]');
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held) delete held.dataset.held;
    held = button;
    button.dataset.held = '';
  };
  doc.addEventListener('click', hold, true);

  const ready = new MutationObserver(() => {
    if (!('appReady' in html.dataset)) return;
    ready.disconnect();
    doc.removeEventListener('click', hold, true);
    const button = held;
    held = null;
    if (!button) return;
    delete button.dataset.held;
    if (button.isConnected) button.click();
  });
  ready.observe(html, { attributes: true, attributeFilter: ['data-app-ready'] });
}
