// Calls from the browser to the app's own JSON API, and its one error shape turned into a message.

/** Sends `body` (if any) as JSON. */
export function sendJson(url: string, method: string, body?: unknown): Promise<Response> {
  return fetch(url, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** null for a successful answer, else the API's error message (or the status when there is none). */
export async function apiError(res: Response): Promise<string | null> {
  if (res.ok) return null;
  const data = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  return data?.error?.message ?? `Request failed (${res.status})`;
}
