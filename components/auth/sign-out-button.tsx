"use client";

import { signOut } from "next-auth/react";

// Signs out without next-auth's redirect (built from the configured public URL, which may name
// another host than the one in the address bar), then opens the login page on this host.
export function SignOutButton() {
  return (
    <button
      type="button"
      className="button small"
      onClick={async () => {
        await signOut({ redirect: false });
        window.location.assign("/login");
      }}
    >
      Sign out
    </button>
  );
}
