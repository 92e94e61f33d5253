/**
 * "Loading…" beside a control whose change is loading; its spinner only once the load is slow
 * (see useDelayedFlag).
 */
export function PendingStatus({ pending, slow }: { pending: boolean; slow: boolean }) {
  if (!pending) return null;
  return (
    <span role="status" className="small muted loading" data-loading={slow ? "slow" : undefined}>
      Loading…
    </span>
  );
}
