import type { ContactMessageInput } from '@doublecast/common/contact';
import type { AppContext } from '../../app-context';
import { newId } from '../../lib/ids';
import { insertContactMessage } from './contact.repository';

export async function createContactMessage(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: { input: ContactMessageInput; userId: string | null; userAgent: string | null },
): Promise<{ id: string }> {
  const id = newId();
  await insertContactMessage(ctx.db.kysely, {
    id,
    ...options.input,
    user_id: options.userId,
    status: 'unread',
    user_agent: options.userAgent?.slice(0, 500) ?? null,
    created_at: ctx.clock.now().toISOString(),
  });
  return { id };
}
