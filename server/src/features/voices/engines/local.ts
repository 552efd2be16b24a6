import { createHash } from 'node:crypto';
import { DIRECTIONS, prosodyOf, type Prosody } from '@doublecast/common/direction';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../../../lib/app-error';
import { encodePiecesToMp3, parseWav, runProgram, toSpeechPcm } from '../audio';
import { ESPEAK_CUSTOM_VARIANTS, LOCAL_VOICES, type LocalVoice } from '../catalogue';
import { ESPEAK_DATA_CANDIDATES } from '../espeak-data';
import { foldText, splitForSynthesis } from '../text';
import type { EngineVoice, SynthesisRequest, SynthesisResult, VoiceEngine } from './engine';

export interface LocalEngineOptions {
  /** Where the espeak-ng overlay and per-request temp files live (default: the OS temp folder). */
  workDir?: string;
  /** Voices to offer (default: the whole catalogue). */
  voices?: readonly LocalVoice[];
  /** Per-program time limit. */
  programTimeoutMs?: number;
}

export interface LocalEngine extends VoiceEngine {
  /** The command line run for one piece of text, without post-processing (used by the bench). */
  renderRaw(voice: LocalVoice, text: string, dir: string): Promise<Buffer>;
  voiceById(id: string): LocalVoice | undefined;
}

/**
 * The offline engine: festival, flite and espeak-ng produce WAV for each piece of text (first
 * sentence first, so audio starts quickly); sox applies the voice's effects, the requested
 * speed and resampling to 44.1 kHz; the speech is levelled; one lame process per request turns
 * the pieces, in order, into a single 128 kbps MP3 stream.
 */
export function createLocalEngine(options: LocalEngineOptions = {}): LocalEngine {
  const voices = options.voices ?? LOCAL_VOICES;
  const byId = new Map(voices.map((v) => [v.id, v]));
  const workDir = options.workDir ?? path.join(os.tmpdir(), 'doublecast-tts');
  const timeoutMs = options.programTimeoutMs ?? 120_000;
  const version = `local-1:${createHash('sha256').update(JSON.stringify(voices)).digest('hex').slice(0, 12)}`;
  let overlay: string | null = null;
  let sweptStaleDirs = false;

  /** Temp folders left by a process that was killed mid-reading are removed once per start. */
  async function sweepStaleDirs(): Promise<void> {
    if (sweptStaleDirs) return;
    sweptStaleDirs = true;
    const cutoff = Date.now() - 60 * 60_000;
    for (const entry of await fs.promises.readdir(workDir).catch(() => [] as string[])) {
      if (!entry.startsWith('req-')) continue;
      const full = path.join(workDir, entry);
      const stat = await fs.promises.stat(full).catch(() => null);
      if (stat && stat.mtimeMs < cutoff)
        await fs.promises.rm(full, { recursive: true, force: true });
    }
  }

  function espeakOverlay(): string {
    if (overlay) return overlay;
    const system = ESPEAK_DATA_CANDIDATES.find((p) => fs.existsSync(p));
    if (!system) throw new AppError('unavailable', 'espeak-ng data is not installed');
    const dir = path.join(workDir, `espeak-overlay-${version.slice(-12)}`);
    const variants = path.join(dir, 'voices', '!v');
    if (!fs.existsSync(path.join(variants, 'xchild_boy'))) {
      const tmp = fs.mkdtempSync(path.join(workDir, 'espeak-tmp-'));
      const tmpVariants = path.join(tmp, 'voices', '!v');
      fs.mkdirSync(tmpVariants, { recursive: true });
      for (const entry of fs.readdirSync(system)) {
        if (entry !== 'voices') fs.symlinkSync(path.join(system, entry), path.join(tmp, entry));
      }
      for (const entry of fs.readdirSync(path.join(system, 'voices'))) {
        if (entry !== '!v')
          fs.symlinkSync(path.join(system, 'voices', entry), path.join(tmp, 'voices', entry));
      }
      for (const entry of fs.readdirSync(path.join(system, 'voices', '!v'))) {
        fs.symlinkSync(path.join(system, 'voices', '!v', entry), path.join(tmpVariants, entry));
      }
      for (const [name, body] of Object.entries(ESPEAK_CUSTOM_VARIANTS))
        fs.writeFileSync(path.join(tmpVariants, name), body);
      try {
        fs.renameSync(tmp, dir);
      } catch {
        // Another request built the same overlay first; theirs is identical.
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    }
    overlay = dir;
    return dir;
  }

  async function renderRaw(
    voice: LocalVoice,
    text: string,
    dir: string,
    signal?: AbortSignal,
    prosody: Prosody = PLAIN,
  ): Promise<Buffer> {
    const base = path.join(dir, `p${Math.random().toString(36).slice(2, 10)}`);
    const inFile = `${base}.txt`;
    const outFile = `${base}.wav`;
    try {
      if (voice.engine === 'espeak') {
        // espeak-ng shapes rate and pitch itself, cleaner than stretching its output.
        const wpm = Math.round(voice.wpm * prosody.rate);
        const args = ['--path', espeakOverlay(), '-v', voice.voice, '-s', String(wpm)];
        if (voice.pitch !== undefined || prosody.pitchSemitones !== 0)
          args.push('-p', String(espeakPitch(voice.pitch, prosody.pitchSemitones)));
        // --stdin reads the whole text from stdin; without it words would be parsed as options.
        args.push('--stdin', '-w', outFile);
        await runProgram('espeak-ng', args, { input: text, signal, timeoutMs });
      } else if (voice.engine === 'flite') {
        // flite cannot read or write Node's stdio (they are sockets), and treats a positional
        // argument as a file name: temp files only.
        await fs.promises.writeFile(inFile, text);
        const args = ['-voice', voice.voice];
        const setf = { ...voice.setf };
        // flite's own duration stretch keeps its voice quality better than a tempo change.
        if (prosody.rate !== 1)
          setf.duration_stretch = round3((setf.duration_stretch ?? 1) / prosody.rate);
        for (const [k, v] of Object.entries(setf)) args.push('--setf', `${k}=${v}`);
        args.push('-f', inFile, '-o', outFile);
        await runProgram('flite', args, { signal, timeoutMs });
      } else {
        // A small heap keeps festival near 56 MB instead of 350 MB. The text is read from a
        // file in text mode; the Scheme is built from catalogue constants only.
        await fs.promises.writeFile(inFile, text);
        const driver = `${base}.scm`;
        await fs.promises.writeFile(driver, festivalDriver(voice.setup));
        await runProgram('festival', ['--heap', '500000', '-b', driver], {
          env: { DC_TTS_IN: inFile, DC_TTS_OUT: outFile },
          signal,
          timeoutMs,
        });
      }
      const wav = await fs.promises.readFile(outFile).catch(() => Buffer.alloc(0));
      if (wav.length <= 44)
        throw new AppError('internal', `Voice engine ${voice.engine} produced no audio`);
      return wav;
    } finally {
      await Promise.all(
        [inFile, outFile, `${base}.scm`].map((f) => fs.promises.rm(f, { force: true })),
      );
    }
  }

  /**
   * One piece of text to levelled 44.1 kHz mono PCM, said as `prosody` asks: rate and pitch by
   * espeak-ng's own options, flite's duration stretch, or sox (festival's HTS voice ignores its
   * own); the level against the levelled speech; silence before the first piece.
   */
  async function renderPiece(
    voice: LocalVoice,
    text: string,
    speed: number,
    dir: string,
    signal: AbortSignal | undefined,
    prosody: Prosody,
    first: boolean,
  ): Promise<Buffer> {
    const pcm = parseWav(await renderRaw(voice, text, dir, signal, prosody));
    const effects = [...voice.sox];
    const tempo = voice.engine === 'festival' ? speed * prosody.rate : speed;
    if (voice.engine !== 'espeak' && prosody.pitchSemitones !== 0)
      effects.push('pitch', String(Math.round(prosody.pitchSemitones * 100)));
    if (Math.abs(tempo - 1) > 0.001) effects.push('tempo', '-s', tempo.toFixed(3));
    return toSpeechPcm(pcm, effects, {
      signal,
      timeoutMs,
      levelDb: prosody.levelDb,
      silenceBeforeMs: first ? prosody.pauseBeforeMs : 0,
    });
  }

  return {
    name: 'local',
    version,
    directions: DIRECTIONS,
    voiceById: (id) => byId.get(id),
    renderRaw: (voice, text, dir) =>
      renderRaw(voice, foldText(text, { asciiOnly: voice.engine !== 'espeak' }), dir),

    async listVoices(): Promise<EngineVoice[]> {
      return voices.map((v) => ({
        providerVoiceId: v.id,
        name: v.name,
        description: v.description,
        labels: { gender: v.gender, age: v.age, accent: v.accent, useCase: v.useCase },
        bestFor: v.bestFor,
        category: v.category,
        previewUrl: null,
      }));
    },

    async synthesize(request: SynthesisRequest): Promise<SynthesisResult> {
      const voice = byId.get(request.providerVoiceId);
      if (!voice) throw new AppError('invalid-argument', 'Unknown voice');
      const text = foldText(request.text, { asciiOnly: voice.engine !== 'espeak' });
      const pieces = splitForSynthesis(text);
      if (pieces.length === 0) throw new AppError('invalid-argument', 'Please enter some text');
      const speed = Math.min(1.2, Math.max(0.7, request.settings.speed || 1));
      const prosody = prosodyOf(request.delivery);
      await fs.promises.mkdir(workDir, { recursive: true });
      await sweepStaleDirs();
      const dir = await fs.promises.mkdtemp(path.join(workDir, 'req-'));
      return encodePiecesToMp3({
        count: pieces.length,
        render: (i, signal) => renderPiece(voice, pieces[i]!, speed, dir, signal, prosody, i === 0),
        signal: request.signal,
        modelId: version,
        cleanUp: () => fs.promises.rm(dir, { recursive: true, force: true }),
      });
    },
  };
}

/** A Festival batch script: one fixed voice setup, the text read from DC_TTS_IN, WAV to DC_TTS_OUT. */
function festivalDriver(setup: string): string {
  return `${setup}
(set! dc_fp (fopen (getenv "DC_TTS_OUT") "wb"))
(set! dc_first t)
(define (dc_save utt)
  (if dc_first
      (begin (wave.save.header dc_fp (utt.wave utt) 'riff nil (list (list "numsamples" 0))) (set! dc_first nil)))
  (wave.save.data.fp (utt.wave utt) dc_fp 'riff nil))
(set! tts_hooks (list utt.synth dc_save))
(tts_file (getenv "DC_TTS_IN") 'text)
(fclose dc_fp)
`;
}

const PLAIN = prosodyOf(undefined);

/** espeak-ng's pitch (0-99, 50 its default): about five steps a semitone around the voice's own. */
function espeakPitch(base: number | undefined, semitones: number): number {
  return Math.min(99, Math.max(0, Math.round((base ?? 50) + semitones * 5)));
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
