import { Inbox } from '../../features/messages/components/inbox';

/** /messages (signed in): the messages the team sent this user. */
export function MessagesRoute() {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-12 pb-24 sm:px-6 sm:pt-16">
      <title>Messages - Doublecast</title>
      <Inbox />
    </div>
  );
}
