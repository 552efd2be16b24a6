import fs from 'node:fs';
import path from 'node:path';
import {
  downloadPinned,
  IntegrityError,
  UnreachableError,
  type DownloadProgress,
} from './download';
import type { PinnedArchive } from './pinned-voices';
import { UnsafeArchiveError, unpackTarBz2 } from './unpack';

/** Beside the unpacked model: what was installed, so a later run can skip it. */
export const INSTALL_RECORD = '.doublecast-install.json';
/** Parts of downloads in progress (resumed by the next run), inside the models folder. */
export const DOWNLOADS_FOLDER = '.downloads';

interface InstallRecord {
  archive: string;
  sha256: string;
  files: Record<string, number>;
}

export type ArchiveOutcome =
  | { folder: string; status: 'present' | 'installed' }
  | { folder: string; status: 'refused' | 'failed'; reason: string };

export interface InstallReport {
  /** The first archive's host could not be reached: nothing was attempted after it. */
  offline: string | null;
  archives: ArchiveOutcome[];
}

export interface InstallOptions {
  modelsDir: string;
  archives: readonly PinnedArchive[];
  /** One line of news (started, skipped, refused, installed). */
  log: (line: string) => void;
  onProgress?: (archive: PinnedArchive, progress: DownloadProgress) => void;
  fetchImpl?: typeof fetch;
  idleTimeoutMs?: number;
}

/**
 * Installs pinned voice archives into the models folder (docs/decisions/280): each one already
 * there and matching its install record is skipped; otherwise it is downloaded (resumed when a
 * part is there), checked against its pinned size and SHA-256, unpacked safely into a staging
 * folder, given its voice.json and record, and moved into place in one rename. A refused
 * archive leaves nothing behind; a cut transfer keeps its part for the next run. When the host
 * cannot be reached at all, the rest is not tried.
 */
export async function installVoices(options: InstallOptions): Promise<InstallReport> {
  const { modelsDir, log } = options;
  const downloads = path.join(modelsDir, DOWNLOADS_FOLDER);
  await fs.promises.mkdir(downloads, { recursive: true });
  const report: InstallReport = { offline: null, archives: [] };
  for (const archive of options.archives) {
    const target = path.join(modelsDir, archive.folder);
    if (await isInstalled(target, archive)) {
      report.archives.push({ folder: archive.folder, status: 'present' });
      continue;
    }
    const part = path.join(downloads, `${archive.folder}.tar.bz2.part`);
    const staging = path.join(modelsDir, `.staging-${archive.folder}`);
    try {
      log(`Fetching ${archive.folder} (${mib(archive.bytes)} MiB, ${archive.licence})`);
      await downloadPinned({
        url: archive.url,
        partFile: part,
        bytes: archive.bytes,
        sha256: archive.sha256,
        onProgress: (p) => options.onProgress?.(archive, p),
        fetchImpl: options.fetchImpl,
        idleTimeoutMs: options.idleTimeoutMs,
      });
      await fs.promises.rm(staging, { recursive: true, force: true });
      await fs.promises.mkdir(staging, { recursive: true });
      const { files } = await unpackTarBz2({
        archive: part,
        folder: archive.folder,
        into: staging,
        maxBytes: archive.maxUnpackedBytes ?? archive.bytes * 3,
      });
      await fs.promises.writeFile(
        path.join(staging, 'voice.json'),
        `${JSON.stringify(archive.voice, null, 2)}\n`,
      );
      const record: InstallRecord = { archive: archive.url, sha256: archive.sha256, files };
      await fs.promises.writeFile(path.join(staging, INSTALL_RECORD), JSON.stringify(record));
      await fs.promises.rm(target, { recursive: true, force: true });
      await fs.promises.rename(staging, target);
      await fs.promises.rm(part, { force: true });
      log(`Installed ${archive.folder}`);
      report.archives.push({ folder: archive.folder, status: 'installed' });
    } catch (e) {
      await fs.promises.rm(staging, { recursive: true, force: true });
      if (e instanceof UnreachableError && report.archives.every((a) => a.status === 'present')) {
        report.offline = e.message;
        return report;
      }
      const refused = e instanceof IntegrityError || e instanceof UnsafeArchiveError;
      if (refused) await fs.promises.rm(part, { force: true });
      const reason = (e as Error).message;
      log(`${refused ? 'Refused' : 'Could not fetch'} ${archive.folder}: ${reason}`);
      report.archives.push({
        folder: archive.folder,
        status: refused ? 'refused' : 'failed',
        reason,
      });
    }
  }
  return report;
}

/** Installed from this very archive, every file still there at its size. */
export async function isInstalled(folder: string, archive: PinnedArchive): Promise<boolean> {
  let record: InstallRecord;
  try {
    record = JSON.parse(await fs.promises.readFile(path.join(folder, INSTALL_RECORD), 'utf8'));
  } catch {
    return false;
  }
  if (record.sha256 !== archive.sha256 || typeof record.files !== 'object') return false;
  for (const [file, size] of Object.entries(record.files)) {
    const stat = await fs.promises.lstat(path.join(folder, file)).catch(() => null);
    if (!stat?.isFile() || stat.size !== size) return false;
  }
  return true;
}

export function mib(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}
