/** What other features use of usage: they import it from here, never a file inside (decision 393). */
export {
  commitReservation,
  getMonthlyUsage,
  recordUsageDuration,
  refundReservation,
  type Reservation,
  reserveCharacters,
} from './usage.service';
