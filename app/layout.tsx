import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import "./globals.css";
import "./styles/primitives.css";
import "./styles/views.css";
import "./theme-dark.css";

export const metadata: Metadata = {
  title: { default: "Price Atlas", template: "%s · Price Atlas" },
  description:
    "Utility, energy and plant-cost price data for the whole company, from one vendor subscription.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, so each gets the nonce of its own Content-Security-Policy
  // (proxy.ts); a page built ahead of time would carry scripts the policy blocks.
  await headers();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
