import { useSyncExternalStore } from 'react';
import { PENDING_PLAN_STORAGE_KEY } from '@doublecast/common/plans';

/**
 * The plan a signed-out visitor chose, kept in session storage until they are signed in
 * (docs/glossary.md#plan-choice). A small store so the gate and the resumer see changes.
 *
 * A choice starts exactly one checkout: `takePendingPlan` removes it from storage before the
 * checkout request is sent, so neither the checkout page, a reload, nor a return from the
 * provider (for example to /subscribe/cancel) starts another. While that one request is under
 * way the plan is still reported (in memory only), so the gate keeps waiting.
 */
const listeners = new Set<() => void>();
let inFlight: string | null = null;

function stored(): string | null {
  try {
    return window.sessionStorage.getItem(PENDING_PLAN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function read(): string | null {
  return stored() ?? inFlight;
}

function notify(): void {
  listeners.forEach((l) => l());
}

function removeStored(): void {
  try {
    window.sessionStorage.removeItem(PENDING_PLAN_STORAGE_KEY);
  } catch {
    // Storage can be disabled; then nothing was stored.
  }
}

export function setPendingPlan(plan: string | null): void {
  inFlight = null;
  if (plan) {
    try {
      window.sessionStorage.setItem(PENDING_PLAN_STORAGE_KEY, plan);
    } catch {
      // Storage can be disabled; the visitor then chooses the plan again after signing in.
    }
  } else removeStored();
  notify();
}

/**
 * Takes the stored choice to start its checkout: it is removed from storage at once, so it can
 * be taken only once. Returns null when there is none (or it was already taken).
 */
export function takePendingPlan(): string | null {
  const plan = stored();
  if (!plan) return null;
  removeStored();
  inFlight = plan;
  notify();
  return plan;
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
