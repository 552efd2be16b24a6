import { PrivacyPolicy } from '../../features/marketing/components/privacy-policy';

export function PrivacyRoute() {
  return (
    <>
      <title>Privacy Policy - Doublecast</title>
      <PrivacyPolicy />
    </>
  );
}
