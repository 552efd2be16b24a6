import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SCRIPT_MESSAGES,
  scriptInputSchema,
  scriptSchema,
  type ScriptInput,
} from '@doublecast/common/scripts';
import { apiRequest } from '../../../lib/api-client';
import { userMessage } from '../../../lib/user-message';
import { scriptsQueryKey } from './list-scripts';

/** Creates a script (no id) or saves an existing one. */
export function saveScript({ id, input }: { id: string | null; input: ScriptInput }) {
  const body = scriptInputSchema.parse(input);
  return id
    ? apiRequest('PUT', `/api/scripts/${encodeURIComponent(id)}`, { body, schema: scriptSchema })
    : apiRequest('POST', '/api/scripts', { body, schema: scriptSchema });
}

export function useSaveScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScript,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scriptsQueryKey }),
  });
}

/** What to tell the user when a save or import fails: the server's reason when it gave one. */
export function saveErrorText(error: unknown): string {
  return userMessage(error, SCRIPT_MESSAGES.save);
}
