import { useMutation } from '@tanstack/react-query';
import { ADMIN_REAUTH_REASON } from '@doublecast/common/admin';
import { ApiError, apiRequest } from '../../../lib/api-client';

export function reauthenticate(password: string) {
  return apiRequest('POST', '/api/admin/reauthenticate', { body: { password } });
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate });
}

/** The server asks for the password again before overrides, revokes and exports. */
export function isReauthRequired(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code === 'unauthenticated' &&
    (error.details as { reason?: string } | undefined)?.reason === ADMIN_REAUTH_REASON
  );
}
