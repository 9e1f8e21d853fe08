import { useEffect, useState } from 'react';
import { TagIcon } from '../../components/ui/icons';
import { fileUrl } from '../../lib/files';

/** An uploaded image, or a neutral placeholder when there is none or it fails to load (SPEC §8). */
export function Thumbnail({ url, alt, className = '' }: { url: string | null | undefined; alt: string; className?: string }) {
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [url]);
  const src = fileUrl(url);
  if (!src || broken) {
    return (
      <span className={`${className} thumb-placeholder`} role="img" aria-label={alt || 'No image'}>
        <TagIcon />
      </span>
    );
  }
  return <img src={src} alt={alt} className={className} loading="lazy" onError={() => setBroken(true)} />;
}
