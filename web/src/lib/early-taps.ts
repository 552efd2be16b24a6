/**
 * A page rendered at build time paints and can be tapped before the app has taken it over
 * (decision 303): its links are real links and work at once, but a button does nothing until
 * React runs its handler, and a tap in that window (seconds on a slow phone) was lost. Such a
 * tap is stopped before anything sees it, its button is marked as pressed (`data-held`), and
 * once `<html>` carries `data-app-ready` (AppReady) the button is clicked again, once. Only
 * the last tap is kept. Runs in the first script, so it must stay small.
 *
 * React may throw the rendered HTML away and draw the page again (a Suspense boundary that is
 * updated, e.g. by the session arriving, before its chunk has loaded): the held button is then
 * gone, so the tap is replayed on the button now in its place: the same label, and the same
 * position among the root's buttons with that label (other buttons may come and go, e.g. the
 * header's once the session is known), never on another one.
 */
export function holdEarlyTaps(root: Element, doc: Document = document): void {
  const html = doc.documentElement;
  if ('appReady' in html.dataset) return;
  const selector = 'button, [role="button"]';
  let held: { button: HTMLElement; index: number; label: string } | null = null;
  const labelled = (label: string) =>
    Array.from(root.querySelectorAll<HTMLElement>(selector)).filter((b) => b.textContent === label);

  const hold = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLElement>(selector);
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held) delete held.button.dataset.held;
    const label = button.textContent ?? '';
    held = { button, label, index: labelled(label).indexOf(button) };
    button.dataset.held = '';
  };
  doc.addEventListener('click', hold, true);

  const ready = new MutationObserver(() => {
    if (!('appReady' in html.dataset)) return;
    ready.disconnect();
    doc.removeEventListener('click', hold, true);
    if (!held) return;
    const { index, label } = held;
    let { button } = held;
    held = null;
    delete button.dataset.held;
    if (!button.isConnected) {
      const now = labelled(label)[index];
      if (!now) return;
      button = now;
    }
    button.click();
  });
  ready.observe(html, { attributes: true, attributeFilter: ['data-app-ready'] });
}
