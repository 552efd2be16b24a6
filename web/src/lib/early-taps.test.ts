import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyTaps } from './early-taps';

/** A page as the build renders it: a menu button, a plan button and a link, no app yet. */
function page() {
  document.body.innerHTML = `
    <div id="root">
      <button type="button" id="menu">Open menu</button>
      <button type="button" id="plan">Choose Annual</button>
      <a href="#pricing" id="link">Pricing</a>
    </div>
    <button type="button" id="outside">Outside</button>`;
  const root = document.getElementById('root')!;
  const pressed: string[] = [];
  // The app's handlers, as React adds them when it takes over (a listener on the root).
  root.addEventListener('click', (e) => {
    const id = (e.target as Element).closest('button')?.id;
    if (id) pressed.push(id);
  });
  const el = (id: string) => document.getElementById(id)!;
  return { root, pressed, el };
}

const appReady = async () => {
  document.documentElement.dataset.appReady = '';
  // The mutation observer reports in a microtask.
  await Promise.resolve();
};

describe('holdEarlyTaps', () => {
  afterEach(() => {
    delete document.documentElement.dataset.appReady;
  });

  it('holds a button pressed before the app is ready and presses it once when it is', async () => {
    const { root, pressed, el } = page();
    holdEarlyTaps(root);
    el('menu').click();
    expect(pressed).toEqual([]);
    expect(el('menu').dataset.held).toBe('');
    await appReady();
    expect(pressed).toEqual(['menu']);
    expect(el('menu').dataset.held).toBeUndefined();
    el('menu').click();
    expect(pressed).toEqual(['menu', 'menu']);
  });

  it('keeps only the last tap', async () => {
    const { root, pressed, el } = page();
    holdEarlyTaps(root);
    el('menu').click();
    el('plan').click();
    expect(el('menu').dataset.held).toBeUndefined();
    await appReady();
    expect(pressed).toEqual(['plan']);
  });

  it('leaves links, buttons outside the page and a page already taken over alone', async () => {
    const { root, el } = page();
    holdEarlyTaps(root);
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    el('link').dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    const outside = vi.fn();
    el('outside').addEventListener('click', outside);
    el('outside').click();
    expect(outside).toHaveBeenCalledTimes(1);
    await appReady();

    const again = page();
    holdEarlyTaps(again.root);
    again.el('menu').click();
    expect(again.pressed).toEqual(['menu']);
  });

  it('does nothing when the held button is gone by the time the app is ready', async () => {
    const { root, pressed, el } = page();
    holdEarlyTaps(root);
    el('plan').click();
    el('plan').remove();
    await appReady();
    expect(pressed).toEqual([]);
  });

  it('presses the button now in its place when the app drew the page again', async () => {
    const { root, pressed, el } = page();
    holdEarlyTaps(root);
    el('plan').click();
    // React threw the rendered HTML away and drew the same page, with a button more above it.
    root.innerHTML =
      '<button type="button">Sign Out</button>' + root.innerHTML.replace(' data-held=""', '');
    await appReady();
    expect(pressed).toEqual(['plan']);
  });

  it('presses nothing when the page drawn again has another button in that place', async () => {
    const { root, pressed, el } = page();
    holdEarlyTaps(root);
    el('plan').click();
    root.innerHTML =
      '<button type="button" id="menu">Open menu</button><button type="button" id="other">Delete</button>';
    await appReady();
    expect(pressed).toEqual([]);
  });
});
