import { requireUser } from "@/lib/auth/session";
import { openApiDocument } from "@/lib/services/openapi";

export const dynamic = "force-dynamic";

type Param = {
  name: string;
  in: string;
  required: boolean;
  schema: Record<string, unknown>;
  description?: string;
};
type Operation = {
  summary: string;
  tags: string[];
  parameters: Param[];
  requestBody?: { content: { "application/json": { schema: Record<string, unknown> } } };
  responses: Record<string, { description: string }>;
};

/** A short reading of a JSON Schema: type, allowed values, pattern, default. */
function summarise(s: Record<string, unknown>): string {
  const parts = [
    Array.isArray(s.enum)
      ? (s.enum as unknown[]).join(" | ")
      : String(s.type ?? (s.anyOf ? "one of several" : "any")),
    s.pattern ? `pattern ${s.pattern}` : "",
    s.minimum !== undefined ? `≥ ${s.minimum}` : "",
    s.exclusiveMinimum !== undefined ? `> ${s.exclusiveMinimum}` : "",
    s.maximum !== undefined ? `≤ ${s.maximum}` : "",
    s.maxLength !== undefined ? `≤ ${s.maxLength} chars` : "",
    s.default !== undefined ? `default ${JSON.stringify(s.default)}` : "",
  ];
  return parts.filter(Boolean).join(", ");
}

export default async function ApiReferencePage() {
  await requireUser();
  const doc = openApiDocument();
  return (
    <div className="stack">
      <div className="page-head">
        <div>
          <h1>API reference</h1>
          <p className="small muted">
            {doc.info.description} Base URL <code>/api/v1</code>. Errors always come as{" "}
            <code>{`{"error":{"code","message","details?"}}`}</code>. Machine-readable:{" "}
            <a href="/api/v1/openapi.json">openapi.json</a> (OpenAPI 3.1).
          </p>
        </div>
      </div>
      {Object.entries(doc.paths).map(([path, item]) => {
        // A path outside /api/v1 (the admin views, metrics) names its own base.
        const { servers, ...methods } = item as Record<string, unknown> & { servers?: { url: string }[] };
        const base = servers?.[0]?.url ?? "/api/v1";
        return Object.entries(methods as Record<string, Operation>).map(([method, op]) => (
          <section
            key={`${method} ${path}`}
            className="card stack"
            aria-label={`${method.toUpperCase()} ${path}`}
          >
            <h2 className="mono">
              {method.toUpperCase()} {base}
              {path}
            </h2>
            <p>{op.summary}</p>
            {op.parameters.length > 0 && (
              <table className="data">
                <thead>
                  <tr>
                    <th scope="col">Parameter</th>
                    <th scope="col">In</th>
                    <th scope="col">Required</th>
                    <th scope="col">Accepts</th>
                  </tr>
                </thead>
                <tbody>
                  {op.parameters.map((p) => (
                    <tr key={`${p.in}:${p.name}`}>
                      <td className="mono">{p.name}</td>
                      <td>{p.in}</td>
                      <td>{p.required ? "yes" : ""}</td>
                      <td className="small">{summarise(p.schema)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {op.requestBody && (
              <p className="small">
                Body (JSON): <code>{JSON.stringify(op.requestBody.content["application/json"].schema)}</code>
              </p>
            )}
            <p className="small muted">
              Answer: {Object.entries(op.responses).find(([k]) => k !== "default")?.[1].description}
            </p>
          </section>
        ));
      })}
    </div>
  );
}
