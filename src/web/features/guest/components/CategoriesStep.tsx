import type { Category } from '../categories';
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
  return (
    <section className="guest-section" aria-labelledby="categories-title">
      <div className="guest-card">
        <h2 id="categories-title" className="guest-title">
          Choose a Category
        </h2>
        <p className="muted">Pick what you would like to enjoy during your stay.</p>
      </div>
      {loading ? (
        <p className="status-text">Loading offers...</p>
      ) : categories.length === 0 ? (
        <p className="status-text">No offers are available right now. Please check again later.</p>
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
