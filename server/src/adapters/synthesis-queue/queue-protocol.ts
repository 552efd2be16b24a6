import { z } from 'zod';
import type { Delivery } from '@doublecast/common/direction';
import type { SynthesisSettings } from '@doublecast/common/studio';

/**
 * What the API processes and the synthesis workers agree on (decision 242): the pg-boss queue,
 * the job's data, where a job's audio is stored and the messages that announce it.
 */

/** The pg-boss queue of synthesis jobs. */
export const SYNTHESIS_QUEUE_NAME = 'synthesis';

/** pg-boss's tables live in their own schema, beside the product's tables. */
export const PG_BOSS_SCHEMA = 'pgboss';

/** LISTEN/NOTIFY channel of a job's audio: chunk stored, attempt ended, attempt failed. */
export const AUDIO_CHANNEL = 'synthesis_audio';

/** LISTEN/NOTIFY channel on which the API asks workers to stop a job at once. */
export const CANCEL_CHANNEL = 'synthesis_cancel';

/** Prefix of every job's chunk objects in storage (cleaned by the audio retention job). */
export const JOB_AUDIO_PREFIX = 'synthesis-jobs/';

/** A job's chunk objects: synthesis-jobs/{jobId}.{attempt}.{seq}, side by side (no folders left behind). */
export function jobAudioPrefix(jobId: string): string {
  return `${JOB_AUDIO_PREFIX}${jobId}.`;
}

export function chunkKey(jobId: string, attempt: number, seq: number): string {
  return `${jobAudioPrefix(jobId)}${attempt}.${String(seq).padStart(6, '0')}`;
}

/** A job as the API sends it: the engine's request, and the engine version it must be made by. */
export interface SynthesisJobData {
  text: string;
  providerVoiceId: string;
  settings: SynthesisSettings;
  /** How the line is said; absent on the plain first read (and on jobs queued before it). */
  delivery?: Delivery;
  /** The engine (member) name and version the API keys its cache with; another one refuses. */
  engine: { name: string; version: string };
}

/** A finished attempt's result, stored as the job's output and announced on AUDIO_CHANNEL. */
export interface JobOutcome {
  attempt: number;
  /** Number of chunk objects the attempt stored. */
  chunks: number;
  providerRequestId: string | null;
  credits: number | null;
  modelId: string | null;
}

/** An engine failure: not retried (the same request would fail again), reported to the API. */
export interface JobFailure {
  attempt: number;
  code: string;
  message: string;
}

export const audioMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('chunk'),
    job: z.string(),
    attempt: z.number().int().min(0),
    seq: z.number().int().min(0),
  }),
  z.object({
    type: z.literal('end'),
    job: z.string(),
    outcome: z.object({
      attempt: z.number().int().min(0),
      chunks: z.number().int().min(0),
      providerRequestId: z.string().nullable(),
      credits: z.number().nullable(),
      modelId: z.string().nullable(),
    }),
  }),
  z.object({
    type: z.literal('failed'),
    job: z.string(),
    failure: z.object({
      attempt: z.number().int().min(0),
      code: z.string(),
      message: z.string(),
    }),
  }),
]);

export type AudioMessage = z.infer<typeof audioMessageSchema>;

/** The job's output once it completed: its outcome, or the engine failure it ended with. */
export const jobOutputSchema = z.union([
  z.object({ outcome: audioMessageSchema.options[1].shape.outcome }),
  z.object({ failure: audioMessageSchema.options[2].shape.failure }),
]);
export type JobOutput = z.infer<typeof jobOutputSchema>;
