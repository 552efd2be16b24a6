import { useMutation } from '@tanstack/react-query';
import {
  magicLinkInputSchema,
  okResponseSchema,
  type MagicLinkInput,
} from '@doublecast/common/auth';
import { apiRequest } from '../../../lib/api-client';

export function sendMagicLink(input: MagicLinkInput) {
  return apiRequest('POST', '/api/auth/magic-link', {
    body: magicLinkInputSchema.parse(input),
    schema: okResponseSchema,
  });
}

export function useSendMagicLink() {
  return useMutation({ mutationFn: sendMagicLink });
}
