declare module 'virtual:vad-assets' {
  /** Where the voice-activity detector's worklet and model are served (web/vad-assets.ts). */
  export const VAD_ASSET_BASE: string;
}
