/** "Export CSV" and "Export XLSX" links for one export query (see /api/v1/export). */
export function ExportLinks({ query }: { query: URLSearchParams | string }) {
  const q = query.toString();
  return (
    <>
      <a className="button" href={`/api/v1/export?${q}&format=csv`} download>
        Export CSV
      </a>
      <a className="button" href={`/api/v1/export?${q}&format=xlsx`} download>
        Export XLSX
      </a>
    </>
  );
}
