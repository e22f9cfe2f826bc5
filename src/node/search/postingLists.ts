/**
 * The embedded index's postings (localIndex.ts): each term's (chunk, term frequency) pairs, kept compact while the
 * index worker reads the notes, and written out as the term shards' decimal text.
 */

/** Bytes of a page of blocks: pages are added, never copied, as the lists grow. */
const PAGE_BITS = 16;
const PAGE_SIZE = 1 << PAGE_BITS;
const PAGE_MASK = PAGE_SIZE - 1;
/** Block offsets are int32: at most this many pages (2 GB). */
const MAX_PAGES = 2 ** 31 / PAGE_SIZE;
/** A term's blocks double from the first size to the last: a rare term wastes little, a common one chains few. */
const FIRST_BLOCK = 8;
const LAST_BLOCK = 256;
/** Each block ends with the offset of the next one (little-endian int32). */
const POINTER = 4;
const COMMA = 44;
const ZERO = 48;

/**
 * Each term's (chunk, term frequency) pairs, by term id, as unsigned LEB128 varints in a chain of byte blocks per term:
 * the chunk as its difference from the term's previous chunk (what the shards hold), then the frequency: about two
 * bytes a pair outside the heap, where a `number[]` per term took several times that inside it (bench/README.md). The
 * pair still being counted (the term's last chunk and its frequency so far) stays in typed arrays until a later chunk
 * holds the term.
 */
export class PostingLists {
  private readonly pages: Uint8Array[] = [];
  private readonly decimals = new DecimalList();
  private pageUsed = PAGE_SIZE;
  private count = 0;
  /** Per term id: its last chunk, the frequency there so far, its first block, its next byte and current block. */
  private lastChunk = new Int32Array(1024);
  private frequency = new Int32Array(1024);
  private head = new Int32Array(1024);
  private fill = new Int32Array(1024);
  /** Where the current block's pointer to the next one goes, and the block's size. */
  private blockEnd = new Int32Array(1024);
  private blockSize = new Int32Array(1024);

  /** Counts term `id` (the next new id, or a known one) once in `chunk` (chunks come in increasing order). */
  add(id: number, chunk: number): void {
    if (id >= this.count) this.addTerms(id + 1);
    const last = this.lastChunk[id]!;
    if (last === chunk) {
      this.frequency[id]!++;
      return;
    }
    if (last >= 0) this.write(id, this.frequency[id]!);
    this.write(id, last >= 0 ? chunk - last : chunk);
    this.lastChunk[id] = chunk;
    this.frequency[id] = 1;
  }

  /** Term `id`'s list as the shards write it: chunk delta, frequency, chunk delta, frequency... in decimal. */
  text(id: number): string {
    const stop = this.fill[id]!;
    let block = this.head[id]!;
    let size = FIRST_BLOCK;
    let value = 0;
    let scale = 1;
    for (;;) {
      // A term's blocks come at increasing offsets: only its last block holds `stop`.
      const end = Math.min(stop, block + size - POINTER);
      const page = this.pages[block >>> PAGE_BITS]!;
      for (let at = block & PAGE_MASK, pageEnd = at + end - block; at < pageEnd; at++) {
        const byte = page[at]!;
        value += (byte & 0x7f) * scale;
        if (byte < 0x80) {
          this.decimals.append(value);
          value = 0;
          scale = 1;
        } else scale *= 0x80;
      }
      if (end === stop) break;
      block = this.readPointer(end);
      size = Math.min(size * 2, LAST_BLOCK);
    }
    this.decimals.append(this.frequency[id]!);
    return this.decimals.take();
  }

  /** Appends `value` (>= 0) to term `id`'s bytes, seven bits a byte, the last byte without the high bit. */
  private write(id: number, value: number): void {
    let at = this.fill[id]!;
    let rest = value;
    do {
      if (at === this.blockEnd[id]) at = this.chain(id, at);
      const low = rest & 0x7f;
      rest >>>= 7;
      this.pages[at >>> PAGE_BITS]![at & PAGE_MASK] = rest === 0 ? low : low | 0x80;
      at++;
    } while (rest !== 0);
    this.fill[id] = at;
  }

  /** Starts term `id`'s next block, its offset written at `pointer` (the full block's end); returns the offset. */
  private chain(id: number, pointer: number): number {
    const size = Math.min(this.blockSize[id]! * 2, LAST_BLOCK);
    const block = this.allocate(size);
    const page = this.pages[pointer >>> PAGE_BITS]!;
    for (let byte = 0; byte < POINTER; byte++) page[(pointer & PAGE_MASK) + byte] = (block >>> (8 * byte)) & 0xff;
    this.blockSize[id] = size;
    this.blockEnd[id] = block + size - POINTER;
    return block;
  }

  private readPointer(pointer: number): number {
    const page = this.pages[pointer >>> PAGE_BITS]!;
    let block = 0;
    for (let byte = 0; byte < POINTER; byte++) block |= page[(pointer & PAGE_MASK) + byte]! << (8 * byte);
    return block;
  }

  /** A block of `size` bytes (blocks never straddle pages); returns its offset. */
  private allocate(size: number): number {
    if (this.pageUsed + size > PAGE_SIZE) {
      if (this.pages.length === MAX_PAGES)
        throw new Error(
          "The embedded search index's postings passed 2 GB: the site has too much text for it. Use a hosted engine (search.provider 'algolia' or 'typesense').",
        );
      this.pages.push(new Uint8Array(PAGE_SIZE));
      this.pageUsed = 0;
    }
    const block = (this.pages.length - 1) * PAGE_SIZE + this.pageUsed;
    this.pageUsed += size;
    return block;
  }

  /** Makes room for term ids up to `count - 1`, each with an empty first block. */
  private addTerms(count: number): void {
    if (count > this.lastChunk.length) this.growTermArrays(Math.max(count, this.lastChunk.length * 2));
    for (let id = this.count; id < count; id++) {
      const block = this.allocate(FIRST_BLOCK);
      this.lastChunk[id] = -1;
      this.head[id] = block;
      this.fill[id] = block;
      this.blockEnd[id] = block + FIRST_BLOCK - POINTER;
      this.blockSize[id] = FIRST_BLOCK;
    }
    this.count = count;
  }

  private growTermArrays(length: number): void {
    this.lastChunk = grownCopy(this.lastChunk, length);
    this.frequency = grownCopy(this.frequency, length);
    this.head = grownCopy(this.head, length);
    this.fill = grownCopy(this.fill, length);
    this.blockEnd = grownCopy(this.blockEnd, length);
    this.blockSize = grownCopy(this.blockSize, length);
  }
}

function grownCopy(array: Int32Array, length: number) {
  const copy = new Int32Array(length);
  copy.set(array);
  return copy;
}

/**
 * Numbers as comma-separated decimal text, written as bytes into one reused buffer rather than a `number[]` joined per
 * term: the shards of 20,000 synthetic notes are written in ~0.1 s, against ~0.3 s for joining the old lists in place.
 */
class DecimalList {
  private bytes = Buffer.allocUnsafe(4096);
  private length = 0;

  /** Appends `value` (an int32 >= 0) and a comma. */
  append(value: number): void {
    if (this.length + 12 > this.bytes.length) {
      const grown = Buffer.allocUnsafe(this.bytes.length * 2);
      this.bytes.copy(grown);
      this.bytes = grown;
    }
    let digits = 1;
    for (let rest = value; rest >= 10; rest = (rest / 10) | 0) digits++;
    const start = this.length;
    let at = start + digits;
    this.bytes[at] = COMMA;
    for (let rest = value; at > start; rest = (rest / 10) | 0) this.bytes[--at] = ZERO + (rest % 10);
    this.length = start + digits + 1;
  }

  /** The numbers appended since the last call, without the last comma. */
  take(): string {
    const text = this.bytes.toString('latin1', 0, Math.max(this.length - 1, 0));
    this.length = 0;
    return text;
  }
}
