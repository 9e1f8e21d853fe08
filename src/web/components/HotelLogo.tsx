import { HotelIcon } from './ui/icons';
import { UploadedImage } from './ui/UploadedImage';

/** A hotel's uploaded logo; without one (or when it fails to load) the hotel icon in the same box. */
export function HotelLogo({
  path,
  className,
  emptyClassName,
}: {
  path: string | null | undefined;
  className: string;
  /** Added to `className` on the icon's box. */
  emptyClassName: string;
}) {
  return (
    <UploadedImage
      path={path}
      alt=""
      className={className}
      fallback={
        <span className={`${className} ${emptyClassName}`} aria-hidden="true">
          <HotelIcon />
        </span>
      }
    />
  );
}
