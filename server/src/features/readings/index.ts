/** What other features use of readings: they import it from here, never a file inside (decision 393). */
export { type ChargedOutcome, chargedSynthesis, deliveryFor } from './charged-synthesis';
