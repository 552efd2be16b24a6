import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IMPORT_TOO_LARGE_MESSAGE,
  MAX_IMPORT_BYTES,
  scriptImportInputSchema,
  scriptImportResultSchema,
} from '@doublecast/common/scripts';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { scriptsQueryKey } from './list-scripts';

/** Uploads a script file as base64 JSON (the CSRF rule allows JSON bodies only). */
export async function importScript(file: File) {
  if (file.size > MAX_IMPORT_BYTES)
    throw new ApiError('invalid-argument', IMPORT_TOO_LARGE_MESSAGE, 400);
  const data = toBase64(new Uint8Array(await file.arrayBuffer()));
  return apiRequest('POST', '/api/scripts/import', {
    body: scriptImportInputSchema.parse({ fileName: file.name, data }),
    schema: scriptImportResultSchema,
  });
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function useImportScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importScript,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scriptsQueryKey }),
  });
}
