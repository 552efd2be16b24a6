import {
  MAX_LINE_NOTE_CHARS,
  describeDirections,
  readDirections,
} from '@doublecast/common/direction';
import { NoteReport, VoiceCanDo } from '../../../components/direction/voice-can-do';
import { TextField } from '../../../components/ui/text-field';
import { useVoiceDirections } from '../../../lib/voice-directions';

/**
 * How the reading is said (issue 35): a note read for directions, the directions the chosen
 * voice acts on, and, as it is typed, the words ignored and the directions it does not do. A
 * scene's note is for every line, each voice doing what it can.
 */
export function DirectionNote({
  note,
  voiceId,
  scene,
  onNote,
}: {
  note: string;
  voiceId: string | null;
  scene: boolean;
  onNote: (note: string) => void;
}) {
  const honoured = useVoiceDirections(voiceId, !scene);
  const read = readDirections(note);
  const used = describeDirections(read, honoured.data ?? []);
  return (
    <div className="mb-4 space-y-2">
      <TextField
        label="Note: how to say it"
        value={note}
        maxLength={MAX_LINE_NOTE_CHARS}
        placeholder="whispering, fast"
        onChange={(e) => onNote(e.target.value)}
      />
      <div className="space-y-1 text-sm">
        {scene ? (
          <p className="text-zinc-400">For every line: each voice of the cast does what it can.</p>
        ) : voiceId ? (
          <VoiceCanDo honoured={honoured} />
        ) : null}
      </div>
      <div role="status" className="space-y-1 text-sm text-zinc-400">
        <NoteReport
          ignored={read.unknown}
          notDone={!scene && honoured.isSuccess ? used.notHonoured : []}
        />
      </div>
    </div>
  );
}
