import Link from "next/link";
import { UrlSelect } from "@/components/series/url-select";
import { requireUser } from "@/lib/auth/session";
import { locationFactors } from "@/lib/services/location-factors";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ reference?: string }> };

export default async function LocationFactorsPage({ searchParams }: Props) {
  await requireUser();
  const { reference } = await searchParams;
  const data = await locationFactors(reference);
  const max = Math.max(1, ...data.items.map((i) => i.value));
  return (
    <div className="stack">
      <div className="page-head">
        <h1>Location factors</h1>
        <p className="small muted">
          What the same plant costs in each country, relative to a reference country (= 1.00). Latest
          published values.
        </p>
      </div>
      {data.references.length === 0 ? (
        <p className="empty">
          No location factors are stored yet: they arrive with the first sync (Admin → Overview).
        </p>
      ) : (
        <>
          <UrlSelect
            name="reference"
            label="Relative to"
            value={data.reference ?? ""}
            options={data.references.map((r) => ({ value: r, label: r }))}
          />
          <table className="data" aria-label={`Location factors relative to ${data.reference}`}>
            <thead>
              <tr>
                <th scope="col">Country</th>
                <th scope="col">Factor</th>
                <th scope="col">
                  <span className="visually-hidden">Bar</span>
                </th>
                <th scope="col">As of</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((i) => (
                <tr key={i.code}>
                  <td>
                    <Link href={`/series/${i.service}/${i.code}`}>{i.country}</Link>
                  </td>
                  <td className="mono">{i.value.toFixed(2)}</td>
                  <td style={{ width: "40%" }}>
                    <div
                      aria-hidden="true"
                      style={{
                        background: i.value >= 1 ? "#93c5fd" : "#fca5a5",
                        height: 12,
                        width: `${(i.value / max) * 100}%`,
                      }}
                    />
                  </td>
                  <td className="mono">{i.month}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
