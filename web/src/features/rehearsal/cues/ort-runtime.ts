import type * as Ort from 'onnxruntime-web';
import { VAD_ASSET_BASE } from 'virtual:vad-assets';

/**
 * onnxruntime-web as @ricky0123/vad-web imports it ('onnxruntime-web/wasm' is pointed here by
 * web/vad-assets.ts): bindings filled by loadOnnxRuntime with the package's own prebuilt module,
 * served from the detector's asset folder beside its WebAssembly, which it finds by its own
 * address. vad-web reads them only when a detector starts, after loadOnnxRuntime.
 */
export let env: typeof Ort.env;
export let InferenceSession: typeof Ort.InferenceSession;
export let Tensor: typeof Ort.Tensor;

let loading: Promise<void> | null = null;

export function loadOnnxRuntime(): Promise<void> {
  loading ??= (async () => {
    const ort = (await import(
      /* @vite-ignore */ `${VAD_ASSET_BASE}ort.wasm.bundle.min.mjs`
    )) as typeof Ort;
    env = ort.env;
    InferenceSession = ort.InferenceSession;
    Tensor = ort.Tensor;
  })();
  loading.catch(() => (loading = null));
  return loading;
}
