import { useState, type ReactNode } from 'react';

/** An image that shows `fallback` when it has no source or fails to load (SPEC §8: broken images fall back). */
export function ImageWithFallback({ src, alt, className, fallback }: { src: string | undefined; alt: string; className?: string; fallback: ReactNode }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) return <>{fallback}</>;
  return <img className={className} src={src} alt={alt} loading="lazy" decoding="async" onError={() => setBroken(true)} />;
}
