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

export interface SynthesisSettings {
  /** 0.7 .. 1.2 (ElevenLabs' range); 1 is normal speed. */
  speed: number;
  /** 0 .. 1 */
  stability: number;
  /** 0 .. 1 */
  similarity: number;
}

export const DEFAULT_SYNTHESIS_SETTINGS: SynthesisSettings = {
  speed: 1,
  stability: 0.5,
  similarity: 0.5,
};

export interface SynthesisRequest {
  text: string;
  providerVoiceId: string;
  settings: SynthesisSettings;
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

/**
 * One interface for every voice engine: the offline Debian engines (`local`) and ElevenLabs.
 * Errors are AppError: resource-exhausted (quota or queue full), unavailable (provider down),
 * invalid-argument (bad voice or text), internal.
 */
export interface VoiceEngine {
  readonly name: 'local' | 'elevenlabs';
  /** Part of every cache key: a change of engine version never serves stale audio. */
  readonly version: string;
  listVoices(): Promise<EngineVoice[]>;
  synthesize(request: SynthesisRequest): Promise<SynthesisResult>;
}
