import "server-only";

// A counter of this process's writes to series data. Read caches key on it, so whatever this
// process stores is visible at once; other instances' writes show after the caches' short TTL.
const holder = globalThis as unknown as { __priceAtlasDataVersion?: number };

export function dataVersion(): number {
  return holder.__priceAtlasDataVersion ?? 0;
}

export function bumpDataVersion(): void {
  holder.__priceAtlasDataVersion = dataVersion() + 1;
}
