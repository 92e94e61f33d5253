import { describe, expect, it, vi } from "vitest";

// Next bundles a module more than once (route handlers, pages, instrumentation); each bundle gets
// its own copy of the module. Two fresh imports stand for two bundles here.
async function twoBundles<T>(path: string): Promise<[T, T]> {
  vi.resetModules();
  const a = (await import(/* @vite-ignore */ path)) as T;
  vi.resetModules();
  const b = (await import(/* @vite-ignore */ path)) as T;
  return [a, b];
}

describe("processSingleton", () => {
  it("gives two copies of a module the same value", async () => {
    const [a, b] = await twoBundles<typeof import("./process-singleton")>("./process-singleton");
    expect(a).not.toBe(b);
    const first = a.processSingleton("test-two-bundles", () => ({ n: 1 }));
    const second = b.processSingleton("test-two-bundles", () => ({ n: 2 }));
    expect(second).toBe(first);
  });

  it("hands every copy of the upstream module the client set through one of them", async () => {
    const [a, b] = await twoBundles<typeof import("./sync/upstream")>("./sync/upstream");
    const client = { marker: true } as unknown as Parameters<typeof a.setUpstreamClient>[0];
    a.setUpstreamClient(client);
    expect(b.upstreamClient()).toBe(client);
    b.setUpstreamClient(undefined);
  });
});
