import { STUDIO_TEXTS } from '@doublecast/common/studio';
import type { Voice } from '@doublecast/common/voices';
import { Button } from '../../../components/ui/button';
import { FieldMessage } from './field-message';
import { StudioStep } from './studio-step';
import { ChosenVoice, VoicePicker } from './voice-picker';

/** Step 1: the voice list failed (with Try Again), the chosen voice, or the picker (loading or loaded). */
export function ReaderStep({
  voices,
  isLoading,
  isError,
  onRetry,
  voice,
  defaultVoiceId,
  favorites,
  recent,
  onChoose,
  onMakeDefault,
  onToggleFavorite,
  error,
}: {
  voices: Voice[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  voice: Voice | null;
  defaultVoiceId: string | null | undefined;
  favorites: string[];
  recent: string[];
  onChoose: (voice: Voice | null) => void;
  onMakeDefault: (voice: Voice) => void;
  onToggleFavorite: (voice: Voice) => void;
  /** "Please select a voice", beside the picker until one is chosen. */
  error?: string | null;
}) {
  return (
    <StudioStep n={1} title="Choose Your Reader" id="step-voice">
      {isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-red-300">
            {STUDIO_TEXTS.loadVoicesFailed}
          </p>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Try Again
          </Button>
        </div>
      ) : voice ? (
        <ChosenVoice
          voice={voice}
          isDefault={defaultVoiceId === voice.id}
          onChange={() => onChoose(null)}
          onMakeDefault={() => onMakeDefault(voice)}
        />
      ) : (
        <VoicePicker
          voices={isLoading ? null : voices}
          favorites={favorites}
          recent={recent}
          onChoose={onChoose}
          onToggleFavorite={onToggleFavorite}
        />
      )}
      <FieldMessage id="voice-error" message={error ?? null} />
    </StudioStep>
  );
}
