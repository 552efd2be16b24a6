import { Card } from '../../../components/ui/card';
import { useMonthlyUsage } from '../api/get-monthly-usage';
import { UsageMeter } from './usage-meter';

/** Account's "This month": characters used of the month's allowance and when it resets. */
export function UsagePanel() {
  const usage = useMonthlyUsage();
  return (
    <Card>
      <h2 className="text-lg font-semibold text-white">This month</h2>
      <div className="mt-3 min-h-14">
        {usage.data ? (
          <UsageMeter usage={usage.data} />
        ) : usage.isError ? (
          <p role="alert" className="text-sm text-red-300">
            Your usage could not be loaded.{' '}
            <button type="button" className="underline" onClick={() => void usage.refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <p role="status" className="text-sm text-zinc-400">
            Loading your usage...
          </p>
        )}
      </div>
    </Card>
  );
}
