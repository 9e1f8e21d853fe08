import { createElement } from 'react';
import { categoryPicture, type Category } from '../categories';
import { UploadedImage } from '../../../components/ui/UploadedImage';
import { useGuestI18n } from '../i18n/i18n';

/** A merchant-type card with its offer count and thumbnail (or a picture). A button when `onPick` is given. */
export function CategoryCard({ category, onPick }: { category: Category; onPick?: () => void }) {
  const { t } = useGuestI18n();
  const body = (
    <>
      <UploadedImage
        className="category-thumb"
        path={category.thumbnail_url}
        alt=""
        fallback={
          <span className="category-thumb category-picture">
            {createElement(categoryPicture(category.name), { width: 34, height: 34, strokeWidth: 1.75 })}
          </span>
        }
      />
      <span className="category-name">{category.name}</span>
      <span className="category-count">{t.categories.offerCount(category.offerCount)}</span>
    </>
  );
  return onPick ? (
    <button type="button" className="category-card" onClick={onPick}>
      {body}
    </button>
  ) : (
    <div className="category-card">{body}</div>
  );
}
