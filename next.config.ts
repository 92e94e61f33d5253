import type { NextConfig } from "next";

const config: NextConfig = {
  poweredByHeader: false,
  // Native / WASM packages load at run time from node_modules instead of being bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pino", "exceljs", "prom-client"],
  experimental: { authInterrupts: true },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Referrer-Policy", value: "same-origin" },
          {
            key: "Permissions-Policy",
            value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
          },
          { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};

export default config;
