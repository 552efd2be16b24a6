import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { PageSpinner } from '../../components/ui/page-spinner';

/**
 * Where sign-in leads when no page asked for another (decision 270): the server
 * decides from the plan, Practice for free users (they try the product in rehearsal), the
 * Studio for paid users. Practice serves both when the answer cannot be had.
 */
export async function landingPath(): Promise<string> {
  try {
    const { path } = await apiRequest('GET', '/api/session/landing', {
      schema: () => import('@doublecast/common/auth').then((m) => m.landingSchema),
    });
    return path;
  } catch {
    return '/practice';
  }
}

/** Sends a signed-in visitor on to their landing page. */
export function ToLanding() {
  const landing = useQuery({ queryKey: ['session', 'landing'], queryFn: landingPath, gcTime: 0 });
  if (!landing.data) return <PageSpinner />;
  return <Navigate to={landing.data} replace />;
}
