import { UploadedImage } from '../../components/ui/UploadedImage';
import { TagIcon } from '../../components/ui/icons';

/** A merchant type's thumbnail, or a neutral placeholder when there is none or it fails to load. */
export function Thumbnail({
  url,
  alt,
  className = '',
}: {
  url: string | null | undefined;
  alt: string;
  className?: string;
}) {
  return (
    <UploadedImage
      path={url}
      alt={alt}
      className={className}
      fallback={
        <span className={`${className} thumb-placeholder`} role="img" aria-label={alt || 'No image'}>
          <TagIcon />
        </span>
      }
    />
  );
}
