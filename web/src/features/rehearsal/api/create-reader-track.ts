import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  readerTrackInputSchema,
  readerTrackSchema,
  type RehearsalPlanInput,
} from '@doublecast/common/rehearsal';
import { apiRequest } from '../../../lib/api-client';
import { rehearsalPlanKey } from './plan-rehearsal';

export function createReaderTrack(input: RehearsalPlanInput) {
  return apiRequest('POST', '/api/rehearsal/reader-track', {
    body: readerTrackInputSchema.parse(input),
    schema: readerTrackSchema,
  });
}

export function useCreateReaderTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReaderTrack,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rehearsalPlanKey }),
  });
}
