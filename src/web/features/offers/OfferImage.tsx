import { useState } from 'react';
import { fileUrl } from '../../lib/files';
import { ImageIcon } from './icons';

/** An uploaded offer image; a missing or broken one shows a placeholder instead (SPEC §8). */
export function OfferImage({ src, alt = '', className = '' }: { src: string | null | undefined; alt?: string; className?: string }) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const url = fileUrl(src);
  if (!url || brokenSrc === url) {
    return (
      <span className={`offer-image-placeholder ${className}`} role="img" aria-label={alt || 'Image not available'}>
        <ImageIcon width={28} height={28} />
      </span>
    );
  }
  return <img src={url} alt={alt} className={`offer-image ${className}`} loading="lazy" onError={() => setBrokenSrc(url)} />;
}
