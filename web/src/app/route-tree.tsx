import { ErrorBoundary } from 'react-error-boundary';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { ErrorScreen } from './routes/error-screen';

/**
 * The page for the current address from a route table (app/router.tsx), inside the error
 * boundary that shows ErrorScreen when drawing a page fails, a page chunk that did not load
 * included. The browser and the server renderer draw the same tree (decision 245); moving to
 * another history entry clears the error, as the data router did.
 */
export function RouteTree({ routes }: { routes: RouteObject[] }) {
  const page = useRoutes(routes);
  const { key } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={ErrorScreen} resetKeys={[key]}>
      {page}
    </ErrorBoundary>
  );
}
