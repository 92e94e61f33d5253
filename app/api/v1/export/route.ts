import { route } from "@/lib/http/handler";
import { exportFile } from "@/lib/services/export";

export const dynamic = "force-dynamic";

/** GET /api/v1/export?kind=series|compare|catalogue&format=csv|xlsx&… — a file download. */
export const GET = route({ access: "user" }, async ({ user, request }) => {
  const file = await exportFile(user, Object.fromEntries(new URL(request.url).searchParams));
  return new Response(typeof file.body === "string" ? file.body : new Uint8Array(file.body), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "no-store",
    },
  });
});
