import { useMutation } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../../../lib/api-client';
import { adminUsersParams, type AdminUserFilters } from './list-admin-users';

/** Downloads the server's CSV of the users matching `filters` under the server's file name. */
export async function exportUsers(filters: AdminUserFilters): Promise<void> {
  const { page: _p, pageSize: _s, sort: _o, dir: _d, ...rest } = filters;
  const res = await apiFetch(
    'GET',
    withQuery('/api/admin/users/export.csv', adminUsersParams(rest)),
    {
      accept: 'text/csv',
    },
  );
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'users.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Object URLs are released after 100 ms (docs/glossary.md#constants).
  window.setTimeout(() => URL.revokeObjectURL(url), 100);
}

export function useExportUsers() {
  return useMutation({ mutationFn: exportUsers });
}
