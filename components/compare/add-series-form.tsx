"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";

/** Adds a series (service + code) to the comparison in the URL. */
export function AddSeriesForm() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [service, setService] = useState("energy_price");
  const [code, setCode] = useState("");
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        const list = (params.get("s") ?? "").split(",").filter(Boolean);
        const next = new URLSearchParams(params.toString());
        next.set("s", [...list, `${service}:${code.trim()}`].slice(0, 10).join(","));
        router.push(`${pathname}?${next.toString()}`);
        setCode("");
      }}
    >
      <div className="field">
        <label htmlFor="add-service">Service</label>
        <select id="add-service" value={service} onChange={(e) => setService(e.target.value)}>
          <option value="energy_price">Energy Prices</option>
          <option value="industry_economics">Industry Economics</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="add-code">Code</label>
        <input
          id="add-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          pattern="\d+-\d+-\d+"
          required
          placeholder="68520-8-1"
        />
      </div>
      <button className="button" type="submit">
        Add series
      </button>
    </form>
  );
}
