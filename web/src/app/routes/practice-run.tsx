import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { RunPage } from '../../features/rehearsal/components/run-page';

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
