import { UploadedImage } from '../../components/ui/UploadedImage';
import { ImageIcon } from '../../components/ui/icons';

/** An uploaded offer image; a missing or broken one shows a placeholder instead. */
export function OfferImage({
  src,
  alt = '',
  className = '',
}: {
  src: string | null | undefined;
  alt?: string;
  className?: string;
}) {
  return (
    <UploadedImage
      path={src}
      alt={alt}
      className={`offer-image ${className}`}
      fallback={
        <span className={`offer-image-placeholder ${className}`} role="img" aria-label={alt || 'Image not available'}>
          <ImageIcon width={28} height={28} />
        </span>
      }
    />
  );
}
