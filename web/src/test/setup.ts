import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  // Globals replaced by a test (fetch through mockFetch, ...) go back after it.
  vi.unstubAllGlobals();
});
