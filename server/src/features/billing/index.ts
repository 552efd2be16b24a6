/** What other features use of billing: they import it from here, never a file inside (decision 393). */
export {
  getSubscriptionStatus,
  isPaidUser,
  overrideOf,
  requirePaidUser,
  resolveTier,
} from './subscription.service';
