/**
 * A hotel's Google review link (docs/PRODUCT.md "Reviews"): Google's write-a-review page for its place id, else the
 * hotel's own Google link; none when it has neither. The guest page's "Rate us on Google" and the review request the
 * day after check-out (docs/PRODUCT.md "Reminders") use the same one.
 */
export function googleReviewLink(
  placeId: string | null | undefined,
  googleLink: string | null | undefined,
): string | undefined {
  if (placeId) return `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;
  return googleLink || undefined;
}
