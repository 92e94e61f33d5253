import "server-only";

// One value per server process. Next.js bundles route handlers, pages and instrumentation
// separately, each with its own copy of a module, so module-level state would exist several times;
// state that must be shared (caches, the logger) lives on globalThis under one key instead.

const store = globalThis as unknown as Record<string, unknown>;

/** The process-wide value named `key`, created by `create()` on first use. */
export function processSingleton<T>(key: string, create: () => T): T {
  const name = `__priceAtlas_${key}`;
  if (!(name in store)) store[name] = create();
  return store[name] as T;
}
