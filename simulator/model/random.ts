// Deterministic pseudo-randomness: every number the simulator invents is a pure function of the
// seed and the thing it describes, so nothing needs to be stored and every run agrees.

/** 32-bit mix of up to five integers (a splitmix/murmur-style finaliser). */
export function hash(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    let k = Math.imul(part | 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in [0, 1). */
export function unit(...parts: number[]): number {
  return hash(...parts) / 4294967296;
}

/** Uniform in [-1, 1). */
export function signed(...parts: number[]): number {
  return unit(...parts) * 2 - 1;
}

function mix(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Approximately normal (mean 0, sd 1): the sum of four uniforms drawn from one hash. */
export function gaussian(...parts: number[]): number {
  const base = hash(...parts);
  let s = 0;
  for (let i = 1; i <= 4; i++) s += mix(base + Math.imul(i, 0x9e3779b9)) / 4294967296;
  return (s - 2) * Math.sqrt(3);
}

/** A stable integer for a string (salts, names). */
export function stringHash(value: string): number {
  let h = 2166136261;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Rounds to `digits` significant figures, as the vendor publishes values. */
export function roundSignificant(value: number, digits: number): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  const decimals = digits - 1 - Math.floor(Math.log10(Math.abs(value)));
  // Dividing by an exact power of ten gives the double nearest the decimal, so JSON prints the
  // published digits (0.3, not 0.30000000000000004).
  if (decimals >= 0) {
    const factor = 10 ** decimals;
    return Math.round(value * factor) / factor;
  }
  const factor = 10 ** -decimals;
  return Math.round(value / factor) * factor;
}
