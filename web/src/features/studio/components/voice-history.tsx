import { HISTORY_PREVIEW_CHARS, previewText, type Reading } from '@doublecast/common/studio';
import { FieldMessage } from './field-message';
import { Button } from '../../../components/ui/button';
import { formatTime } from './now-playing';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function VoiceHistory({
  items,
  isLoading,
  isError,
  isRefreshing,
  playingId,
  deletingId,
  onRefresh,
  onPlay,
  onDownload,
  onDelete,
  error,
}: {
  items: Reading[];
  isLoading: boolean;
  isError: boolean;
  isRefreshing: boolean;
  playingId: string | null;
  deletingId: string | null;
  onRefresh: () => void;
  onPlay: (item: Reading) => void;
  onDownload: (item: Reading) => void;
  onDelete: (item: Reading) => void;
  /** A failed download or delete, shown in the list. */
  error?: string | null;
}) {
  return (
    <section
      aria-labelledby="history-heading"
      className="rounded-2xl border border-zinc-800 bg-zinc-900/70 p-5 sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="history-heading" className="text-lg font-semibold text-white">
          Your Voice History
        </h2>
        <Button variant="secondary" size="sm" onClick={onRefresh} disabled={isRefreshing}>
          {isRefreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>
      <FieldMessage id="history-error" message={error ?? null} />
      {isLoading ? (
        <p role="status" className="mt-4 text-sm text-zinc-400">
          Loading your readings...
        </p>
      ) : isError ? (
        <p role="alert" className="mt-4 text-sm text-red-300">
          Your history could not be loaded. Please press Refresh.
        </p>
      ) : items.length === 0 ? (
        <p className="mt-4 text-sm text-zinc-400">
          No readings yet. Your generated readings will appear here.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-zinc-800" aria-label="Readings">
          {items.map((item) => {
            const when = dateFormat.format(new Date(item.createdAt));
            return (
              <li
                key={item.id}
                aria-label={`${item.voiceName}, ${when}`}
                className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                    <span className="font-medium text-white">{item.voiceName}</span>
                    <span className="text-zinc-500">{when}</span>
                    {item.duration !== null && (
                      <span className="tabular-nums text-zinc-500">
                        {formatTime(item.duration)}
                      </span>
                    )}
                    {playingId === item.id && <span className="text-brand-300">Playing</span>}
                  </p>
                  <p className="mt-1 break-words text-sm text-zinc-300">
                    {previewText(item.text, HISTORY_PREVIEW_CHARS)}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button size="sm" variant="secondary" onClick={() => onPlay(item)}>
                    Play
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => onDownload(item)}>
                    Download
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-300 hover:text-red-200"
                    onClick={() => onDelete(item)}
                    disabled={deletingId === item.id}
                  >
                    {deletingId === item.id ? 'Deleting...' : 'Delete'}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
