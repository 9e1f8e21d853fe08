import { useState, type ReactNode } from 'react';
import { fileUrl } from '../../lib/files';

interface Props {
  /** An uploaded path ('/uploads/…', shown through /api/files/) or a full URL. */
  path: string | null | undefined;
  alt: string;
  className?: string;
  /**
   * Shown when there is no image or it fails to load (docs/PRODUCT.md "Forms and messages": a broken image falls back
   * to a placeholder).
   */
  fallback: ReactNode;
  /** The image's size in CSS pixels when it is known, so the page keeps its space before the image loads. */
  width?: number;
  height?: number;
}

export function UploadedImage({ path, alt, className, fallback, width, height }: Props) {
  const url = fileUrl(path);
  // Remembers which URL failed, so a new path is tried again without an effect.
  const [brokenUrl, setBrokenUrl] = useState<string>();
  if (!url || brokenUrl === url) return <>{fallback}</>;
  return (
    <img
      src={url}
      alt={alt}
      className={className}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      onError={() => setBrokenUrl(url)}
    />
  );
}
