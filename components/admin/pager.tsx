import { NavLink } from "@/components/catalogue/catalogue-navigation";

/** Previous / next links of a server-paged list; the other parameters of the address are kept. */
export function Pager({
  params,
  page,
  pageSize,
  total,
}: {
  params: Record<string, string>;
  page: number;
  pageSize: number;
  total: number;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (p: number) => `?${new URLSearchParams({ ...params, page: String(p) })}`;
  return (
    <nav aria-label="Pages" className="row">
      {page > 1 && <NavLink href={href(page - 1)}>← Previous</NavLink>}
      <span className="small">
        Page {Math.min(page, pages)} of {pages}
      </span>
      {page < pages && <NavLink href={href(page + 1)}>Next →</NavLink>}
    </nav>
  );
}
