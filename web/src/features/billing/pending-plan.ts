import { useSyncExternalStore } from 'react';
import { PENDING_PLAN_STORAGE_KEY } from '@doublecast/common/billing';

/**
 * The plan a signed-out visitor chose, kept in session storage until they are signed in
 * (spec section 4, "Plan choice"). A small store so the gate and the resumer see changes.
 */
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.sessionStorage.getItem(PENDING_PLAN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setPendingPlan(plan: string | null): void {
  try {
    if (plan) window.sessionStorage.setItem(PENDING_PLAN_STORAGE_KEY, plan);
    else window.sessionStorage.removeItem(PENDING_PLAN_STORAGE_KEY);
  } catch {
    // Storage can be disabled; the visitor then chooses the plan again after signing in.
  }
  listeners.forEach((l) => l());
}

export function usePendingPlan(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => null,
  );
}
