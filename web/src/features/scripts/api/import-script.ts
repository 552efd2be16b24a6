import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IMPORT_TOO_LARGE_MESSAGE,
  MAX_IMPORT_BYTES,
  importStreamLineSchema,
  scriptImportInputSchema,
  scriptImportResultSchema,
  type ImportProgress,
  type ScriptImportResult,
} from '@doublecast/common/scripts';
import type { ErrorCode } from '@doublecast/common/errors';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { scriptsQueryKey } from './list-scripts';

/**
 * Uploads a script file as base64 JSON (the CSRF rule allows JSON bodies only). A scanned PDF
 * is read by OCR, which takes a while: the server then answers with lines of progress and the
 * script at the end (application/x-ndjson), and `onProgress` hears each page.
 */
export async function importScript({
  file,
  onProgress,
}: {
  file: File;
  onProgress?: (progress: ImportProgress) => void;
}): Promise<ScriptImportResult> {
  if (file.size > MAX_IMPORT_BYTES)
    throw new ApiError('invalid-argument', IMPORT_TOO_LARGE_MESSAGE, 400);
  const data = toBase64(new Uint8Array(await file.arrayBuffer()));
  const res = await apiFetch('POST', '/api/scripts/import', {
    body: scriptImportInputSchema.parse({ fileName: file.name, data }),
    accept: 'application/x-ndjson, application/json',
  });
  if (!res.headers.get('content-type')?.includes('application/x-ndjson'))
    return scriptImportResultSchema.parse(await res.json());
  for await (const text of lines(res)) {
    const line = importStreamLineSchema.parse(JSON.parse(text));
    if (line.type === 'progress') onProgress?.(line.progress);
    else if (line.type === 'result') return line.script;
    else
      throw new ApiError(
        line.error.code as ErrorCode,
        line.error.message,
        line.status,
        line.error.details,
      );
  }
  throw new ApiError('network', 'The import stopped before it finished. Please try again.', 0);
}

/** The lines of a streamed answer, as they arrive. */
async function* lines(res: Response): AsyncGenerator<string> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      if (line) yield line;
    }
    if (done) break;
  }
  if (buffer.trim()) yield buffer.trim();
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
