import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { messageSchema, type SendMessageInput } from '@doublecast/common/messages';
import { apiRequest } from '../../../lib/api-client';

const sentSchema = z.object({ message: messageSchema, email: z.string() });

export function sendAdminMessage(userId: string, input: SendMessageInput) {
  return apiRequest('POST', `/api/admin/users/${encodeURIComponent(userId)}/messages`, {
    body: input,
    schema: sentSchema,
  });
}

export function useSendAdminMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: string; input: SendMessageInput }) =>
      sendAdminMessage(v.userId, v.input),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'logs'] }),
  });
}
