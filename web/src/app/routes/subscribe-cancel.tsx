import { SubscribeCancel } from '../../features/billing/components/subscribe-cancel';

export function SubscribeCancelRoute() {
  return <SubscribeCancel />;
}
