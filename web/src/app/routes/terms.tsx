import { TermsOfService } from '../../features/marketing/components/terms-of-service';

export function TermsRoute() {
  return (
    <>
      <title>Terms of Service - Doublecast</title>
      <TermsOfService />
    </>
  );
}
