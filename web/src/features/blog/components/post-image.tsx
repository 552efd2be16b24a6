import { useCallback, useState, type ReactNode } from 'react';

/**
 * A post's featured image. When it cannot be loaded, `fallback` takes its place (nothing by
 * default), so no broken-image icon or empty block is shown. An image the server rendered can
 * fail before the app takes the page over, when React is not yet listening: the ref looks.
 */
export function PostImage({
  src,
  className,
  lazy = false,
  fallback = null,
}: {
  src: string;
  className: string;
  lazy?: boolean;
  fallback?: ReactNode;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const seen = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0) setFailed(src);
    },
    [src],
  );
  if (failed === src) return fallback;
  return (
    <img
      ref={seen}
      src={src}
      alt=""
      loading={lazy ? 'lazy' : undefined}
      referrerPolicy="no-referrer"
      onError={() => setFailed(src)}
      className={className}
    />
  );
}
