import type { ReaderTrack } from '@doublecast/common/rehearsal';
import { buttonClass } from '../../../components/ui/button';

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

/** The reader track for a self-tape: partners' lines with room for the actor's, as one MP3. */
export function ReaderTrackPanel({ track, title }: { track: ReaderTrack; title: string }) {
  const partner = track.segments
    .filter((s) => s.kind === 'partner')
    .reduce((a, s) => a + s.seconds, 0);
  const gaps = track.durationSeconds - partner;
  const playUrl = track.downloadUrl.replace(/[?&]download=1$/, '');
  return (
    <section
      aria-labelledby="reader-track-heading"
      className="rounded-2xl border border-emerald-500/30 bg-emerald-500/5 p-5"
    >
      <h2 id="reader-track-heading" className="text-lg font-semibold text-white">
        Reader track ready
      </h2>
      <p
        className="mt-1 text-sm text-zinc-300"
        data-testid="reader-track-summary"
        data-duration={track.durationSeconds.toFixed(3)}
      >
        {title}: {clock(track.durationSeconds)} in all, partner lines {clock(partner)} and pauses
        for your lines {clock(gaps)}. It is also kept in your history.
      </p>
      <audio controls src={playUrl} className="mt-3 w-full" aria-label="Reader track" />
      <a href={track.downloadUrl} download className={`${buttonClass('primary')} mt-3`}>
        Download reader track
      </a>
    </section>
  );
}
