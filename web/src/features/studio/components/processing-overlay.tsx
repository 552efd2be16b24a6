import { generatingMessage } from '@doublecast/common/studio';

/** Shown from "Generate" until the first audio arrives (docs/glossary.md#studio-generation). */
export function ProcessingOverlay({ voiceName }: { voiceName: string }) {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-zinc-950/80 p-6 backdrop-blur-sm">
      <div
        role="status"
        aria-live="polite"
        className="flex max-w-sm flex-col items-center gap-4 rounded-2xl border border-zinc-800 bg-zinc-900 px-8 py-7 text-center shadow-2xl"
      >
        <span
          aria-hidden="true"
          className="h-10 w-10 animate-spin rounded-full border-4 border-brand-500/30 border-t-brand-400"
        />
        <p className="text-base font-medium text-white">{generatingMessage(voiceName)}</p>
      </div>
    </div>
  );
}
