import type { Readable } from 'node:stream';
import type { Delivery, DirectionName } from '@doublecast/common/direction';
import type { SynthesisSettings } from '@doublecast/common/studio';

/** The voice a reading was made with, as history and metrics record it. */
export interface VoiceSummary {
  id: string;
  name: string;
  gender: string | null;
  accent: string | null;
  age: string | null;
}

export interface SynthesizeOptions {
  text: string;
  /** Our voice row id (voices.id). */
  voiceId: string;
  settings: SynthesisSettings;
  /**
   * How the line is said (its directions and take); the directions the voice's engine does not
   * act on are dropped, so they neither change the audio nor its cache key. Absent: plain.
   */
  delivery?: Delivery;
  /** Who asked (null for public previews); used for permissions and the provider metrics. */
  userId: string | null;
  requestId: string;
  signal?: AbortSignal;
  /**
   * Public text every visitor may hear (a voice's preview greeting): its audio is cached once for
   * everyone. Otherwise the cache is the user's own (decision 022).
   */
  shared?: boolean;
}

export interface SynthesizeResult {
  voice: VoiceSummary;
  /** MP3 44.1 kHz / 128 kbps; streams before the whole text is made. Errors surface as stream errors. */
  audio: Readable;
  /** True when served from the content-addressed cache (nothing was synthesised or paid for). */
  cached: boolean;
  /** Resolves when the audio has been fully produced (and cached); rejects on failure. */
  done: Promise<{ bytes: number }>;
}

/**
 * The synthesis service used by the Studio and rehearsal: permission check on the voice, the
 * bounded worker pool, the content-addressed cache and the provider metrics, over whichever
 * engine is active. Throws AppError: not-found (unknown or forbidden voice), resource-exhausted
 * (queue full or provider quota), unavailable, internal.
 */
export interface SynthesisPort {
  synthesize(options: SynthesizeOptions): Promise<SynthesizeResult>;
  /**
   * The directions the engine reading this voice (voices.id) acts on; none for an unknown id.
   * Absent (a stand-in without engines): none.
   */
  directionsFor?(voiceId: string): Promise<readonly DirectionName[]>;
}
