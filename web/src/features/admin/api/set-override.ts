import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserRowSchema, type AdminOverrideInput } from '@doublecast/common/admin';
import { apiRequest } from '../../../lib/api-client';

export function setOverride(userId: string, input: AdminOverrideInput) {
  return apiRequest('PUT', `/api/admin/users/${encodeURIComponent(userId)}/override`, {
    body: input,
    schema: adminUserRowSchema,
  });
}

export function revokeOverride(userId: string) {
  return apiRequest('DELETE', `/api/admin/users/${encodeURIComponent(userId)}/override`, {
    schema: adminUserRowSchema,
  });
}

/** Set or revoke; either way the users list and the user's details are read again. */
export function useOverrideMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: ['admin'] });
  return {
    set: useMutation({
      mutationFn: (v: { userId: string; input: AdminOverrideInput }) =>
        setOverride(v.userId, v.input),
      onSuccess,
    }),
    revoke: useMutation({ mutationFn: (userId: string) => revokeOverride(userId), onSuccess }),
  };
}
