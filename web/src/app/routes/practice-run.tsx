import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { RunPage } from '../../features/rehearsal/components/run-page';
import { runScriptQuery } from '../../features/rehearsal/api/list-practice-scripts';
import { availableVoicesQuery } from '../../lib/available-voices';
import type { QueryClient } from '@tanstack/react-query';

/** What the page draws first, read before it is drawn when it is the first page (first-page.ts). */
export const runData = (client: QueryClient, scriptId: string) =>
  Promise.all([
    client.prefetchQuery(runScriptQuery(scriptId)),
    client.prefetchQuery(availableVoicesQuery),
  ]);

/** /practice/{scriptId}: rehearse one script (the setup's Start rehearsal comes here). */
export function PracticeRunRoute() {
  const { scriptId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  // Start rehearsal starts the scene; a reload or a return by Back does not.
  const [autoplay] = useState(
    () => (location.state as { autoplay?: boolean } | null)?.autoplay === true,
  );
  useEffect(() => {
    if (autoplay) void navigate(location.pathname, { replace: true, state: null });
  }, [autoplay, location.pathname, navigate]);
  return (
    <section className="mx-auto max-w-4xl px-3 py-6 sm:px-6 sm:py-10">
      <RunPage key={scriptId} scriptId={scriptId} autoplay={autoplay} />
    </section>
  );
}

/** /practice/{scriptId}/self-tape: record takes against the scene partner (issue 34). */
export function SelfTapeRoute() {
  const { scriptId = '' } = useParams();
  return (
    <section className="mx-auto max-w-4xl px-3 py-6 sm:px-6 sm:py-10">
      <RunPage key={scriptId} scriptId={scriptId} autoplay={false} view="self-tape" />
    </section>
  );
}
