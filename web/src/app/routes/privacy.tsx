import { PrivacyPolicy } from '../../features/marketing/components/privacy-policy';

export function PrivacyRoute() {
  return <PrivacyPolicy />;
}
