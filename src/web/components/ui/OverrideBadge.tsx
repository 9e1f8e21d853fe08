import { useState } from 'react';

/**
 * A redemption made with "Redeem anyway" past an offer's rule (docs/COUNTER.md "Offer rules at the counter"): a
 * purple badge whose reason shows on hover (its title) and on a tap (a phone has no hover).
 */
export function OverrideBadge({ reason }: { reason: string }) {
  const [open, setOpen] = useState(false);
  return (
    <span className="override">
      <button
        type="button"
        className="badge badge-purple override-badge"
        title={`Reason: ${reason}`}
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        Redeemed anyway
      </button>
      {open && <span className="override-reason">Reason: {reason}</span>}
    </span>
  );
}
