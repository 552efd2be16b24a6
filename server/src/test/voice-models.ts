import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESPEAK_DATA_CANDIDATES } from '../features/voices/espeak-data';

/** The committed tiny models (made by fixtures/voice-models/make-tiny-models.py). */
export const VOICE_MODEL_FIXTURES = path.join(import.meta.dirname, 'fixtures', 'voice-models');

/**
 * A VOICE_MODELS_DIR in a temp folder: the tiny Piper model as en_US-tilly-low (with voice.json),
 * the tiny Kokoro model as kokoro-tiny (two speakers), each with Debian's espeak-ng data linked
 * in; `broken` adds folders that must be left out with a reason.
 */
export function makeVoiceModelsDir(options: { broken?: boolean; into?: string } = {}): string {
  const espeak = ESPEAK_DATA_CANDIDATES.find((p) => fs.existsSync(p));
  if (!espeak) throw new Error('espeak-ng-data is not installed (apt-get install espeak-ng-data)');
  const dir = options.into ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dc-voice-models-'));
  const copy = (from: string, to: string, withEspeak = true) => {
    fs.cpSync(path.join(VOICE_MODEL_FIXTURES, from), path.join(dir, to), { recursive: true });
    if (withEspeak) fs.symlinkSync(espeak, path.join(dir, to, 'espeak-ng-data'));
  };
  copy('tiny-piper', 'en_US-tilly-low');
  copy('tiny-kokoro', 'kokoro-tiny');
  if (options.broken) {
    copy('tiny-piper', 'no-tokens');
    fs.rmSync(path.join(dir, 'no-tokens', 'tokens.txt'));
    copy('tiny-piper', 'no-espeak', false);
    copy('tiny-piper', 'bad-json');
    fs.writeFileSync(path.join(dir, 'bad-json', 'voice.json'), '{"gender": "robot"}');
    copy('tiny-kokoro', 'kokoro-cut');
    fs.truncateSync(path.join(dir, 'kokoro-cut', 'voices.bin'), 100);
    copy('tiny-piper', 'not-onnx');
    fs.writeFileSync(path.join(dir, 'not-onnx', 'model.onnx'), 'this is not a model');
  }
  return dir;
}
