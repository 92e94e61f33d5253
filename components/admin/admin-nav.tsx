import { NavLinks } from "@/components/shell/nav-links";

const ITEMS = [
  { href: "/admin/overview", label: "Overview" },
  { href: "/admin/quota", label: "Quota" },
  { href: "/admin/calls", label: "Calls" },
  { href: "/admin/runs", label: "Sync runs" },
  { href: "/admin/audit", label: "Audit" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/notifications", label: "Notifications" },
];

export function AdminNav() {
  return (
    <div className="admin-nav">
      <NavLinks items={ITEMS} label="Admin sections" />
    </div>
  );
}
