import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  preferencesSchema,
  preferencesUpdateSchema,
  type PreferencesUpdate,
} from '@doublecast/common/studio';
import { apiRequest } from '../../../lib/api-client';
import { preferencesQueryKey } from './get-preferences';

export function updatePreferences(update: PreferencesUpdate) {
  return apiRequest('PATCH', '/api/preferences', {
    body: preferencesUpdateSchema.parse(update),
    schema: preferencesSchema,
  });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (prefs) => queryClient.setQueryData(preferencesQueryKey, prefs),
  });
}
