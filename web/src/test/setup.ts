import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  // Globals replaced by a test (fetch through mockFetch, ...) go back after it.
  vi.unstubAllGlobals();
  // The page outlives a test, and the files that share its worker (isolate: false): what a
  // test wrote into it outside React Testing Library's containers goes too.
  sessionStorage.clear();
  localStorage.clear();
  document.body.replaceChildren();
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  window.history.replaceState(null, '', '/');
});
