/** "Did you mean ...?" for a misspelt name: the known names nearest it by edit distance. */

/** Up to `count` of `names` within a few edits of `name` (a third of its length, at least two), nearest first. */
export function nearestNames(name: string, names: Iterable<string>, count = 1): string[] {
  const limit = Math.max(2, Math.floor(name.length / 3));
  return [...names]
    .map((candidate) => ({ candidate, distance: editDistance(name.toLowerCase(), candidate.toLowerCase()) }))
    .filter(({ distance }) => distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map(({ candidate }) => candidate);
}

/** ` (did you mean "x"?)` naming what a mistyped name most likely meant, or nothing when there is no guess. */
export function didYouMean(meant: string | undefined): string {
  return meant === undefined ? '' : ` (did you mean "${meant}"?)`;
}

/** Levenshtein distance: insertions, deletions and substitutions of one character each count one. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_unused, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
