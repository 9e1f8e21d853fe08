/** Rupees with paise only when there are any: 2500 → ₹2,500, 2500.75 → ₹2,500.75 (pass to formatRupees). */
export const rupeeDecimals = (value: number): 0 | 2 => (Number.isInteger(value) ? 0 : 2);
