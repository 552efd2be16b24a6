import { useDeferredValue, useMemo, useState } from 'react';
import {
  ADMIN_VOICES_MESSAGES,
  GRANT_FIRST_VOICES,
  matchesVoiceSearch,
  type AdminVoice,
  type VoicePermissionUser,
} from '@doublecast/common/voices';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Email } from '../../../components/ui/email';
import { Modal } from '../../../components/ui/modal';
import { useOnline } from '../../../lib/use-online';
import {
  useAdminVoices,
  useApplyToAllUsers,
  useSaveUserPermissions,
  useVoicePermissionUsers,
} from '../api/admin-voices';
import { adminFieldClass } from './voice-management';

type Notice = { tone: 'success' | 'error'; text: string } | null;
type Bulk = { label: string; voiceIds: string[]; message: string } | null;

/**
 * Voice Permissions: users (searched, a page at a time) on one side, the chosen user's voices on
 * the other; Select All, Clear All, Save Permissions; bulk actions for every user after a
 * confirmation. A user with no voice chosen may use every enabled voice.
 */
export function VoicePermissionsPanel() {
  const online = useOnline();
  const voices = useAdminVoices();
  const [userSearch, setUserSearch] = useState('');
  const q = useDeferredValue(userSearch.trim());
  const users = useVoicePermissionUsers(q);
  const [selected, setSelected] = useState<VoicePermissionUser | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [voiceSearch, setVoiceSearch] = useState('');
  // Beside what it is about: a user's save by the Save button (gone once the selection changes),
  // a bulk action's by the bulk buttons.
  const [notice, setNotice] = useState<(NonNullable<Notice> & { about: 'save' | 'bulk' }) | null>(
    null,
  );
  const saveNotice = notice?.about === 'save' ? notice : null;
  const bulkNotice = notice?.about === 'bulk' ? notice : null;
  const [bulk, setBulk] = useState<Bulk>(null);
  const save = useSaveUserPermissions();
  const applyAll = useApplyToAllUsers();

  const usable = useMemo(
    () => (voices.data?.voices ?? []).filter((v) => v.enabled && v.available),
    [voices.data],
  );
  const shown = usable.filter((v) => matchesVoiceSearch(v, voiceSearch));
  const allUsers = users.data?.pages.flatMap((p) => p.users) ?? [];

  const choose = (user: VoicePermissionUser) => {
    setSelected(user);
    setChosen(new Set(user.voiceIds ?? []));
    setNotice(null);
  };
  const changeChosen = (next: (prev: Set<string>) => Set<string>) => {
    setChosen(next);
    if (notice?.about === 'save') setNotice(null);
  };
  const toggle = (id: string) =>
    changeChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const bulkActions: NonNullable<Bulk>[] = [
    {
      label: `Grant First ${GRANT_FIRST_VOICES} Voices to All Users`,
      voiceIds: usable.slice(0, GRANT_FIRST_VOICES).map((v) => v.id),
      message: `Every user will be limited to the first ${GRANT_FIRST_VOICES} voices: ${usable
        .slice(0, GRANT_FIRST_VOICES)
        .map((v) => v.name)
        .join(', ')}.`,
    },
    {
      label: 'Apply Selection to All Users',
      voiceIds: [...chosen],
      message:
        chosen.size > 0
          ? `Every user will be limited to the ${chosen.size} selected voice${chosen.size === 1 ? '' : 's'}.`
          : 'No voice is selected: every user will be able to use every enabled voice.',
    },
    {
      label: 'Allow All Voices for All Users',
      voiceIds: [],
      message: 'Every restriction is removed: every user will be able to use every enabled voice.',
    },
  ];

  return (
    <section aria-labelledby="voice-permissions-title" className="space-y-4">
      <h3 id="voice-permissions-title" className="text-lg font-semibold text-white">
        Voice Permissions
      </h3>
      {users.isError && <Alert tone="error">{ADMIN_VOICES_MESSAGES.permissionsLoadFailed}</Alert>}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="space-y-3">
          <label className="block text-sm font-medium text-zinc-200">
            Search users
            <input
              type="search"
              className={`${adminFieldClass} mt-1 block w-full`}
              placeholder="Email or user ID"
              value={userSearch}
              onChange={(e) => setUserSearch(e.target.value)}
            />
          </label>
          <ul
            aria-label="Users"
            className="max-h-[28rem] divide-y divide-zinc-800 overflow-y-auto rounded-xl border border-zinc-800"
          >
            {users.isPending && <li className="p-3 text-sm text-zinc-400">Loading users...</li>}
            {!users.isPending && allUsers.length === 0 && (
              <li className="p-3 text-sm text-zinc-400">No users found</li>
            )}
            {allUsers.map((u) => (
              <li key={u.userId}>
                <button
                  type="button"
                  aria-pressed={selected?.userId === u.userId}
                  onClick={() => choose(u)}
                  className={`block w-full px-3 py-2 text-left text-sm focus:outline-none focus:ring-2 focus:ring-inset focus:ring-brand-400 ${
                    selected?.userId === u.userId
                      ? 'bg-brand-600/20 text-white'
                      : 'text-zinc-200 hover:bg-zinc-800'
                  }`}
                >
                  <span className="block [overflow-wrap:anywhere]">
                    <Email value={u.email} />
                  </span>
                  <span className="block text-xs text-zinc-400">
                    {u.voiceIds ? `${u.voiceIds.length} voices` : 'All voices'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {users.hasNextPage && (
            <Button
              variant="secondary"
              size="sm"
              disabled={users.isFetchingNextPage}
              onClick={() => void users.fetchNextPage()}
            >
              {users.isFetchingNextPage ? 'Loading...' : 'Load more users'}
            </Button>
          )}
        </div>

        <div className="space-y-3">
          {!selected ? (
            <p className="text-sm text-zinc-400">Choose a user to see and change their voices.</p>
          ) : (
            <>
              <p className="text-sm text-zinc-300">
                Voices for <strong className="text-white">{selected.email}</strong> ({chosen.size}{' '}
                selected). With none selected, the user may use every enabled voice.
              </p>
              <div className="flex flex-wrap items-end gap-2">
                <label className="text-sm font-medium text-zinc-200">
                  Search voices
                  <input
                    type="search"
                    className={`${adminFieldClass} mt-1 block w-56`}
                    value={voiceSearch}
                    onChange={(e) => setVoiceSearch(e.target.value)}
                  />
                </label>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() =>
                    changeChosen((prev) => new Set([...prev, ...shown.map((v) => v.id)]))
                  }
                >
                  Select All
                </Button>
                <Button variant="secondary" size="sm" onClick={() => changeChosen(() => new Set())}>
                  Clear All
                </Button>
                <Button
                  size="sm"
                  disabled={!online || save.isPending}
                  onClick={() =>
                    save.mutate(
                      { userId: selected.userId, voiceIds: [...chosen] },
                      {
                        onSuccess: (r) => {
                          setSelected({ ...selected, voiceIds: r.voiceIds });
                          setNotice({
                            about: 'save',
                            tone: 'success',
                            text: ADMIN_VOICES_MESSAGES.permissionsSaved,
                          });
                        },
                        onError: () =>
                          setNotice({
                            about: 'save',
                            tone: 'error',
                            text: ADMIN_VOICES_MESSAGES.permissionsSaveFailed,
                          }),
                      },
                    )
                  }
                >
                  {save.isPending ? 'Saving...' : 'Save Permissions'}
                </Button>
              </div>
              {saveNotice && <Alert tone={saveNotice.tone}>{saveNotice.text}</Alert>}
              <VoiceGrid voices={shown} chosen={chosen} onToggle={toggle} />
            </>
          )}
        </div>
      </div>

      <section aria-labelledby="bulk-title" className="space-y-2 border-t border-zinc-800 pt-4">
        <h4 id="bulk-title" className="text-sm font-semibold text-white">
          Bulk actions for all users
        </h4>
        <div className="flex flex-wrap gap-2">
          {bulkActions.map((a) => (
            <Button
              key={a.label}
              variant="secondary"
              size="sm"
              disabled={!online || applyAll.isPending || usable.length === 0}
              onClick={() => setBulk(a)}
            >
              {a.label}
            </Button>
          ))}
        </div>
        {bulkNotice && <Alert tone={bulkNotice.tone}>{bulkNotice.text}</Alert>}
      </section>

      <Modal
        open={bulk !== null}
        title={bulk?.label ?? ''}
        description={bulk ? `${bulk.message} This changes every user's permissions.` : undefined}
        onClose={() => setBulk(null)}
      >
        <div className="flex justify-end gap-3">
          <Button variant="secondary" data-autofocus onClick={() => setBulk(null)}>
            Cancel
          </Button>
          <Button
            disabled={applyAll.isPending}
            onClick={() => {
              if (!bulk) return;
              applyAll.mutate(bulk.voiceIds, {
                onSuccess: () => {
                  setSelected(null);
                  setNotice({
                    about: 'bulk',
                    tone: 'success',
                    text: ADMIN_VOICES_MESSAGES.bulkSaved,
                  });
                },
                onError: () =>
                  setNotice({
                    about: 'bulk',
                    tone: 'error',
                    text: ADMIN_VOICES_MESSAGES.bulkFailed,
                  }),
                onSettled: () => setBulk(null),
              });
            }}
          >
            {applyAll.isPending ? 'Applying...' : 'Apply to All Users'}
          </Button>
        </div>
      </Modal>
    </section>
  );
}

function VoiceGrid({
  voices,
  chosen,
  onToggle,
}: {
  voices: AdminVoice[];
  chosen: Set<string>;
  onToggle: (id: string) => void;
}) {
  if (voices.length === 0) return <p className="text-sm text-zinc-400">No voices match.</p>;
  return (
    <fieldset>
      <legend className="sr-only">Allowed voices</legend>
      <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
        {voices.map((v) => (
          <li key={v.id}>
            <label className="flex cursor-pointer items-center gap-2 rounded-lg border border-zinc-800 px-3 py-2 text-sm text-zinc-200 hover:border-zinc-600">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-500"
                checked={chosen.has(v.id)}
                onChange={() => onToggle(v.id)}
              />
              <span className="min-w-0">
                <span className="block truncate font-medium text-white">{v.name}</span>
                <span className="block text-xs capitalize text-zinc-400">
                  {[v.labels.gender, v.labels.age, v.labels.accent].filter(Boolean).join(', ')}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
