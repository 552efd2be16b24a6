import { useSearchParams } from 'react-router';
import { Practice } from '../../features/rehearsal/components/practice';

export function PracticeRoute() {
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <Practice initialScriptId={params.get('script')} />
    </section>
  );
}
