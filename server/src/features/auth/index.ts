/** What other features use of auth: they import it from here, never a file inside (decision 393). */
export { reauthenticate } from './auth.service';
export { createStoredFailureCounter } from './failure-counter';
