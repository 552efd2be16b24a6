/**
 * The download file name (docs/glossary.md#download-name): date as YYYYMMDD, the voice name with spaces and
 * non-alphanumerics removed (default UnknownVoice), the first 5 words of the text joined with
 * underscores, stripped to letters, digits and underscores and cut to 50 characters (default
 * "audio"), then .mp3. The three parts are joined with underscores (decision 043).
 */
export const DOWNLOAD_TEXT_MAX_WORDS = 5;
export const DOWNLOAD_TEXT_MAX_CHARS = 50;

export function downloadFileName(options: {
  date: Date;
  voiceName: string | null | undefined;
  text: string | null | undefined;
}): string {
  const d = options.date;
  const date = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  const voice = (options.voiceName ?? '').replace(/[^a-zA-Z0-9]/g, '') || 'UnknownVoice';
  const words = (options.text ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, DOWNLOAD_TEXT_MAX_WORDS);
  const text =
    words
      .join('_')
      .replace(/[^a-zA-Z0-9_]/g, '')
      .slice(0, DOWNLOAD_TEXT_MAX_CHARS) || 'audio';
  return `${date}_${voice}_${text}.mp3`;
}
