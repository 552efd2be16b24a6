import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error';
import type { EngineVoice, SynthesisRequest, SynthesisResult, VoiceEngine } from './engine';

/**
 * Several engines as one catalogue (docs/decisions/151-one-catalogue-several-engines.md). The
 * primary engine (ElevenLabs or the offline engines) keeps its voice ids as they are, so the
 * voice rows, permissions and history made before stay valid; the voices of every further engine
 * are listed as `<engine>:<its id>` and routed back to it. An engine that cannot list its voices
 * is left out of that listing (its voices become unavailable) while the others keep working.
 */
export function createCombinedEngine(options: {
  primary: VoiceEngine;
  extras: VoiceEngine[];
  log: FastifyBaseLogger;
}): VoiceEngine {
  const { primary, extras, log } = options;
  if (extras.length === 0) return primary;
  const byPrefix = new Map(extras.map((e) => [`${e.name}:`, e]));

  function route(providerVoiceId: string): { engine: VoiceEngine; id: string } {
    const colon = providerVoiceId.indexOf(':');
    const extra = colon > 0 ? byPrefix.get(providerVoiceId.slice(0, colon + 1)) : undefined;
    return extra
      ? { engine: extra, id: providerVoiceId.slice(colon + 1) }
      : { engine: primary, id: providerVoiceId };
  }

  return {
    name: primary.name,
    usdPer1000Characters: primary.usdPer1000Characters,
    directions: primary.directions,
    // Changes when any member changes; cache keys use the member's own version (engineFor).
    version: `combined-1:${createHash('sha256')
      .update([primary, ...extras].map((e) => `${e.name}=${e.version}`).join('\n'))
      .digest('hex')
      .slice(0, 12)}`,

    async listVoices(): Promise<EngineVoice[]> {
      // The primary's failure is the catalogue's failure (sync then keeps the stored rows);
      // an extra's failure only drops that engine's voices.
      const [own, ...rest] = await Promise.allSettled([
        primary.listVoices(),
        ...extras.map((e) => e.listVoices()),
      ]);
      if (own!.status === 'rejected') throw own!.reason;
      const voices = [...own!.value];
      rest.forEach((settled, i) => {
        const engine = extras[i]!;
        if (settled.status === 'rejected') {
          log.error(
            { engine: engine.name, err: settled.reason as unknown },
            `The ${engine.name} voices could not be listed; the other engines keep working`,
          );
          return;
        }
        for (const v of settled.value)
          voices.push({ ...v, providerVoiceId: `${engine.name}:${v.providerVoiceId}` });
      });
      return voices;
    },

    synthesize(request: SynthesisRequest): Promise<SynthesisResult> {
      const { engine, id } = route(request.providerVoiceId);
      if (!id) return Promise.reject(new AppError('not-found', 'Voice not found'));
      return engine.synthesize({ ...request, providerVoiceId: id });
    },

    engineFor: (providerVoiceId) => route(providerVoiceId).engine,

    async close() {
      await Promise.all([primary, ...extras].map((e) => e.close?.()));
    },
  };
}
