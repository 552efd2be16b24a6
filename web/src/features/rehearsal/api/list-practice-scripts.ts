import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  MAX_SCRIPT_PAGE_SIZE,
  scriptListSchema,
  scriptPreview,
  scriptSchema,
  type ScriptSummary,
} from '@doublecast/common/scripts';
import { apiRequest } from '../../../lib/api-client';

/**
 * The newest active scripts (previews: names and line counts, no text) to pick one from, and
 * the script a link asked for (`?script=`) even when it is older than those.
 */
export async function listPracticeScripts(wanted: string | null): Promise<ScriptSummary[]> {
  const { scripts } = await apiRequest('GET', `/api/scripts?limit=${MAX_SCRIPT_PAGE_SIZE}`, {
    schema: scriptListSchema,
  });
  if (!wanted || scripts.some((s) => s.id === wanted)) return scripts;
  try {
    const { content, analysis: _analysis, ...rest } = await getPracticeScript(wanted);
    return rest.isArchived ? scripts : [{ ...rest, preview: scriptPreview(content) }, ...scripts];
  } catch {
    return scripts;
  }
}

export const practiceScriptsQuery = (wanted: string | null) =>
  queryOptions({
    queryKey: ['scripts', 'practice', wanted],
    queryFn: () => listPracticeScripts(wanted),
  });

export function usePracticeScripts(wanted: string | null) {
  return useQuery(practiceScriptsQuery(wanted));
}

/** The whole script (text and line split) that a run reads. */
export function getPracticeScript(id: string) {
  return apiRequest('GET', `/api/scripts/${encodeURIComponent(id)}`, { schema: scriptSchema });
}

/** The script a run page reads. */
export const runScriptQuery = (id: string) =>
  queryOptions({
    queryKey: ['scripts', 'run', id],
    queryFn: () => getPracticeScript(id),
    staleTime: 60_000,
  });

export function useOpenPracticeScript() {
  return useMutation({ mutationFn: getPracticeScript });
}
