import type { Category } from '../categories';
import { useGuestI18n } from '../i18n/i18n';
import { CategoryCard } from './CategoryCard';

/** Step 2: choose a category. */
export function CategoriesStep({
  categories,
  loading,
  onPick,
}: {
  categories: Category[];
  loading: boolean;
  onPick: (id: number) => void;
}) {
  const { t } = useGuestI18n();
  return (
    <section className="guest-section" aria-labelledby="categories-title">
      <div className="guest-card">
        <h2 id="categories-title" className="guest-title">
          {t.categories.title}
        </h2>
        <p className="muted">{t.categories.intro}</p>
      </div>
      {loading ? (
        <p className="status-text">{t.categories.loading}</p>
      ) : categories.length === 0 ? (
        <p className="status-text">{t.categories.none}</p>
      ) : (
        <ul className="category-grid">
          {categories.map((category) => (
            <li key={category.id}>
              <CategoryCard category={category} onPick={() => onPick(category.id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
