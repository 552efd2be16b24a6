import { useMutation, useQueryClient } from '@tanstack/react-query';
import { diagnosticsResultSchema } from '@doublecast/common/admin';
import { apiRequest } from '../../../lib/api-client';

export type Diagnostic =
  | { kind: 'user-record'; body: { email: string } }
  | { kind: 'last-sign-in'; body: { userId: string } }
  | { kind: 'test-recordings'; body: { userId: string; count: number } };

export function runDiagnostic(d: Diagnostic) {
  return apiRequest('POST', `/api/admin/diagnostics/${d.kind}`, {
    body: d.body,
    schema: diagnosticsResultSchema,
  });
}

/** Each diagnostic changes users' figures, so the admin lists are read again after it. */
export function useRunDiagnostic() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runDiagnostic,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
