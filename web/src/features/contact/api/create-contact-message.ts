import { useMutation } from '@tanstack/react-query';
import {
  contactMessageCreatedSchema,
  contactMessageInputSchema,
  type ContactMessageInput,
} from '@doublecast/common/contact';
import { apiRequest } from '../../../lib/api-client';

export function createContactMessage(input: ContactMessageInput) {
  return apiRequest('POST', '/api/contact-messages', {
    body: contactMessageInputSchema.parse(input),
    schema: contactMessageCreatedSchema,
  });
}

export function useCreateContactMessage() {
  return useMutation({ mutationFn: createContactMessage });
}
