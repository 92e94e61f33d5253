"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";

export type NavItem = { href: string; label: string };

/**
 * The areas. Prefetched when the pointer or focus comes to a link, not as soon as the links show:
 * every page view would otherwise send a request per area, competing on the server with what the
 * user does next on the page (the pages are dynamic, so such a prefetch holds little).
 */
export function NavLinks({ items, label = "Main" }: { items: NavItem[]; label?: string }) {
  const pathname = usePathname();
  const router = useRouter();
  return (
    <nav className="shell-nav" aria-label={label}>
      {items.map((item) => {
        const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
        const intent = () => router.prefetch(item.href);
        return (
          <Link
            key={item.href}
            href={item.href}
            prefetch={false}
            onMouseEnter={intent}
            onFocus={intent}
            aria-current={active ? "page" : undefined}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
