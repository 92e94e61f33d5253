import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./globals.css";
import "./theme-dark.css";

export const metadata: Metadata = {
  title: { default: "Price Atlas", template: "%s · Price Atlas" },
  description:
    "Utility, energy and plant-cost price data for the whole company, from one vendor subscription.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
