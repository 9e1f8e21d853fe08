/** The first cell of the Merchants and All Offers tables: the merchant's name, with a second line under it. */
export function MerchantCell({ name, sub }: { name: string; sub?: string }) {
  return (
    <td className="mo-name">
      <span className="mo-cell-main">{name}</span>
      {sub !== undefined && <span className="mo-cell-sub">{sub}</span>}
    </td>
  );
}
