import { useSearchParams } from 'react-router';
import { useSession } from '../../features/auth/api/get-session';
import { VoiceCatalogue } from '../../features/voices/components/voice-catalogue';

export function VoicesRoute() {
  const { user } = useSession();
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <VoiceCatalogue signedIn={!!user} autoplay={params.get('autoplay')} />
    </section>
  );
}
