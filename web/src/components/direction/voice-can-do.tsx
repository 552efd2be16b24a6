import { DIRECTION_LABELS, type DirectionName } from '@doublecast/common/direction';
import type { useVoiceDirections } from '../../lib/voice-directions';

export const directionNames = (list: readonly DirectionName[]) =>
  list.map((d) => DIRECTION_LABELS[d]).join(', ');

/** "This voice can do: …": the directions a voice's engine acts on, or why they are not shown. */
export function VoiceCanDo({ honoured }: { honoured: ReturnType<typeof useVoiceDirections> }) {
  const voiceDoes = honoured.data ?? [];
  return (
    <p className="text-zinc-300" data-testid="voice-directions">
      <span className="text-zinc-500">This voice can do: </span>
      {honoured.isPending
        ? 'loading…'
        : honoured.isError
          ? 'could not load'
          : voiceDoes.length
            ? directionNames(voiceDoes)
            : 'no directions (it reads every line plain)'}
    </p>
  );
}

/** What became of a note's words, said as it is typed: ignored parts, directions not done. */
export function NoteReport({
  ignored,
  notDone,
}: {
  ignored: readonly string[];
  notDone: readonly DirectionName[];
}) {
  return (
    <>
      {ignored.length > 0 && <p>Ignored: {ignored.join(', ')}</p>}
      {notDone.length > 0 && <p>This voice does not do: {directionNames(notDone)}</p>}
    </>
  );
}
