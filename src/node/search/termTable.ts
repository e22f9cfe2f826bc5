/**
 * Term -> id, looked up by a range of a string (what scanTerms hands out), so indexing makes a string only for each
 * new term, not for each of the corpus's 1.2 M term occurrences. Hand-written because a Map needs the key as a string,
 * and cutting every term into a string to count it in a Map took several times as long (bench/README.md).
 * Open addressing with linear probing over FNV-1a hashes of the UTF-16 code units.
 */
export class TermTable {
  /** Term by id, ids in order of first appearance. */
  readonly terms: string[] = [];
  private readonly hashes: number[] = [];
  /** Slot -> id + 1 (0: empty); kept at most half full. */
  private slots = new Int32Array(1 << 12);

  /** The id of `text.slice(start, end)`, a new one (the next integer) when the term was not seen before. */
  idOf(text: string, start: number, end: number): number {
    const hash = hashRange(text, start, end);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot]! - 1;
      if (id < 0) return this.add(copyOfRange(text, start, end), hash, slot);
      if (this.hashes[id] === hash && rangeEquals(this.terms[id]!, text, start, end)) return id;
    }
  }

  private add(term: string, hash: number, slot: number): number {
    const id = this.terms.length;
    this.terms.push(term);
    this.hashes.push(hash);
    this.slots[slot] = id + 1;
    if (this.terms.length * 2 > this.slots.length) this.grow();
    return id;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    this.hashes.forEach((hash, id) => {
      let slot = hash & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    });
    this.slots = slots;
  }
}

function hashRange(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/**
 * The range as a string of its own: V8 makes a slice of 13 characters or more a view that keeps the whole text alive
 * (on the real corpus, 4,232 terms kept 5.8 MB of lower-cased chunk texts). Ranges are terms, a few dozen characters.
 */
function copyOfRange(text: string, start: number, end: number): string {
  const codes: number[] = [];
  for (let index = start; index < end; index++) codes.push(text.charCodeAt(index));
  return String.fromCharCode(...codes);
}

function rangeEquals(term: string, text: string, start: number, end: number): boolean {
  if (term.length !== end - start) return false;
  for (let index = 0; index < term.length; index++)
    if (term.charCodeAt(index) !== text.charCodeAt(start + index)) return false;
  return true;
}
