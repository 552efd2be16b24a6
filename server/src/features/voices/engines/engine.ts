import type { Delivery, DirectionName } from '@doublecast/common/direction';
import type { SynthesisSettings } from '@doublecast/common/studio';
import type { VoiceEngineName } from '@doublecast/common/voices';
import type { Readable } from 'node:stream';

/** A voice as an engine describes it (the catalogue entry, or a provider's voice). */
export interface EngineVoice {
  /** The engine's own id for the voice (catalogue id, or ElevenLabs voice_id). */
  providerVoiceId: string;
  name: string;
  description: string | null;
  labels: {
    gender: 'male' | 'female' | 'neutral' | null;
    age: string | null;
    accent: string | null;
    useCase: string | null;
  };
  /** Tags for the "Best for" line. */
  bestFor: string[];
  /** MEN, WOMEN or CHILDREN as the engine suggests; an admin may correct it per voice row. */
  category: 'men' | 'women' | 'children';
  /** A provider-hosted preview, when the provider has one. */
  previewUrl: string | null;
}

export interface SynthesisRequest {
  text: string;
  providerVoiceId: string;
  settings: SynthesisSettings;
  /**
   * How the line is said: its directions (only those the engine lists in `directions` are
   * acted on) and its take. Absent: the plain first read.
   */
  delivery?: Delivery;
  signal?: AbortSignal;
}

export interface SynthesisResult {
  /** MP3, 44.1 kHz, 128 kbps; the first bytes leave before the whole text is synthesised. */
  audio: Readable;
  /** Resolves when the stream has ended, with what the provider reports (credits, request id). */
  done: Promise<{
    providerRequestId: string | null;
    credits: number | null;
    modelId: string | null;
  }>;
}

/** Every engine by name: the offline Debian engines, ElevenLabs, OpenAI-compatible servers, local neural models. */
export type EngineName = VoiceEngineName;

/**
 * One interface for every voice engine: the offline Debian engines (`local`), ElevenLabs,
 * OpenAI-compatible speech servers and local neural models; `combined.ts` offers several at once.
 * Errors are AppError: resource-exhausted (quota or queue full), unavailable (provider down),
 * invalid-argument (bad voice or text), internal.
 */
export interface VoiceEngine {
  readonly name: EngineName;
  /** Part of every cache key: a change of engine version never serves stale audio. */
  readonly version: string;
  /** What a reading costs the operator, in US dollars per 1,000 characters; absent: 0 (this server). */
  readonly usdPer1000Characters?: number;
  /** The directions this engine acts on (docs/decisions/321); absent: none. */
  readonly directions?: readonly DirectionName[];
  listVoices(): Promise<EngineVoice[]>;
  synthesize(request: SynthesisRequest): Promise<SynthesisResult>;
  /** The engine that reads this voice (the combined engine's member); absent: this engine. */
  engineFor?(providerVoiceId: string): VoiceEngine;
  /** Stops what the engine keeps running (the neural models' worker threads); absent: nothing. */
  close?(): Promise<void>;
}
