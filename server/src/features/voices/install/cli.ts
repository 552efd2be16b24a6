import fs from 'node:fs';
import { EnvError, loadVoiceInstallEnv, voiceModelsDir } from '../../../env';
import { installVoices, mib } from './install-voices';
import {
  archivesWithin,
  PINNED_VOICE_ARCHIVES,
  pinnedCatalogueSchema,
  type PinnedArchive,
} from './pinned-voices';

const LATER =
  'Natural voices can be added later with `npm run voices:install` (docs/voices.md); the offline voices serve until then.';

/**
 * `npm run voices:install` (and the README's first command): fetches the pinned natural voices
 * into VOICE_MODELS_DIR (default data/voice-models). Without a network it says so in one line and
 * exits 0; VOICE_MODELS_AUTO=0 turns it off. Exits 1 only when an archive was refused (not the
 * pinned bytes, or unsafe to unpack) or a transfer failed, so an operator sees it.
 */
async function main(): Promise<number> {
  let env;
  try {
    env = loadVoiceInstallEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
  if (!env.VOICE_MODELS_AUTO) {
    console.log(`Natural voices: not fetched (VOICE_MODELS_AUTO=0). ${LATER}`);
    return 0;
  }
  const catalogue: PinnedArchive[] = env.VOICE_MODELS_CATALOGUE
    ? pinnedCatalogueSchema.parse(JSON.parse(fs.readFileSync(env.VOICE_MODELS_CATALOGUE, 'utf8')))
    : PINNED_VOICE_ARCHIVES;
  const archives = archivesWithin(catalogue, env.VOICE_MODELS_MAX_MB);
  const modelsDir = voiceModelsDir(env);
  if (archives.length === 0) {
    console.log(`Natural voices: none fit VOICE_MODELS_MAX_MB=${env.VOICE_MODELS_MAX_MB}.`);
    return 0;
  }
  const total = archives.reduce((sum, a) => sum + a.bytes, 0);
  console.log(
    `Natural voices: ${archives.length} archives, ${mib(total)} MiB at most, into ${modelsDir}`,
  );
  const tty = process.stdout.isTTY;
  let lastShown = -1;
  const report = await installVoices({
    modelsDir,
    archives,
    log: (line) => {
      if (tty) process.stdout.write('\r\x1b[K');
      console.log(line);
      lastShown = -1;
    },
    onProgress: (archive, { received, total: size }) => {
      const percent = Math.floor((received / size) * 100);
      if (tty) {
        if (percent === lastShown) return;
        process.stdout.write(
          `\r\x1b[K  ${archive.folder}: ${percent}% (${mib(received)} of ${mib(size)} MiB)`,
        );
      } else if (percent % 10 === 0 && percent !== lastShown) {
        console.log(`  ${archive.folder}: ${percent}% (${mib(received)} of ${mib(size)} MiB)`);
      } else return;
      lastShown = percent;
    },
  });
  if (tty) process.stdout.write('\r\x1b[K');
  if (report.offline) {
    console.log(`Natural voices: not fetched (${report.offline}). ${LATER}`);
    return 0;
  }
  const count = (status: string) => report.archives.filter((a) => a.status === status).length;
  console.log(
    `Natural voices: ${count('installed')} installed, ${count('present')} already there` +
      (count('refused') + count('failed')
        ? `, ${count('refused')} refused, ${count('failed')} failed (run again to resume)`
        : ''),
  );
  return count('refused') + count('failed') > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
