import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lineReassignInputSchema, scriptSchema } from '@doublecast/common/scripts';
import { apiRequest } from '../../../lib/api-client';
import { scriptsQueryKey } from './list-scripts';

/** Gives one line to a character (a new name adds one), or with null makes it action. */
export function reassignLine({
  id,
  lineId,
  character,
}: {
  id: string;
  lineId: string;
  character: string | null;
}) {
  return apiRequest('POST', `/api/scripts/${encodeURIComponent(id)}/reassign-line`, {
    body: lineReassignInputSchema.parse({ lineId, character }),
    schema: scriptSchema,
  });
}

export function useReassignLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reassignLine,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scriptsQueryKey }),
  });
}
