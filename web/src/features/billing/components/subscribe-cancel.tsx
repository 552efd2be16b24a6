import { Link } from 'react-router';
import { BenefitsList } from './benefits-list';

/** /subscribe/cancel: checkout was left without paying. */
export function SubscribeCancel() {
  return (
    <section className="mx-auto max-w-xl px-4 py-12 text-center sm:py-16">
      <div className="rounded-2xl border border-zinc-800 bg-zinc-900 p-6 sm:p-10">
        <h1 className="text-2xl font-bold sm:text-3xl">Subscription Cancelled</h1>
        <p className="mt-3 text-zinc-300">
          No payment was taken. You can subscribe whenever you are ready, and get:
        </p>
        <div className="mx-auto mt-6 w-fit">
          <BenefitsList label="What a subscription includes" />
        </div>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/pricing"
            className="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-500"
          >
            Try Again
          </Link>
          <Link
            to="/"
            className="rounded-lg border border-zinc-700 px-6 py-3 font-semibold text-zinc-200 hover:bg-zinc-800"
          >
            Return Home
          </Link>
        </div>
      </div>
    </section>
  );
}
