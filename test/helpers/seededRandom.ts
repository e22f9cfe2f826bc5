/**
 * mulberry32, a tiny seeded generator of numbers in [0, 1): the same sequence for the same seed on every run, so a
 * randomized test's failing sequence can be replayed and a generated bench folder is the same folder each time.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
