"use client";

import { useEffect, useRef, useState } from "react";

/**
 * A destructive action in two steps: the first press asks, in place, "Delete …?" with the action
 * and "Cancel"; only the second button acts. Escape or Cancel go back. No browser dialog.
 */
export function ConfirmButton({
  label,
  accessibleName,
  question,
  confirmLabel,
  onConfirm,
  className = "button",
}: {
  className?: string;
  label: string;
  accessibleName?: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (wasAsking.current) first.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (!asking)
    return (
      <button
        ref={first}
        type="button"
        className={className}
        aria-label={accessibleName}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two buttons, not a form field set
    <span
      className="row confirm"
      role="group"
      aria-label={question}
      onKeyDown={(e) => {
        if (e.key === "Escape") setAsking(false);
      }}
    >
      <span className="small">{question}</span>
      <button
        ref={confirm}
        type="button"
        className="button danger"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await onConfirm();
          setBusy(false);
          setAsking(false);
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
