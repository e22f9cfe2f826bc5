import fs from 'node:fs';
import path from 'node:path';
import { createSiteWriter, isFileAsStamped } from '../siteWriter.js';
import { type FileStamp, stampWritten } from '../pipeline/outputStamps.js';
import { receiveFromMainThread } from '../workers.js';
import { buildLocalIndexFiles, type IndexWorkerMessage, type IndexWorkerReply } from './indexFiles.js';
import type { RecordNote } from './records.js';
import { type IndexedNote, type OldIndex, readOldIndex, spliceLocalIndexFiles } from './spliceIndex.js';

// Worker thread entry: indexes notes as the main thread renders them. It starts before the site is read: its first
// message says what to index from (or, before that, which last index to read ahead). Notes come in batches, read in
// one synchronous pass (openWorkerChannel). After the last note it writes the index (into the site folder, or as
// files handed back) and replies.
const mainThread = receiveFromMainThread<IndexWorkerMessage>();
const nextMessage = mainThread.next;

function* receiveNotes(): Generator<IndexedNote> {
  for (let message = nextMessage(); !('end' in message); message = nextMessage()) {
    if (!('notes' in message)) throw new Error('The search index worker was sent what to index from twice.');
    yield* message.notes;
  }
}

function* renderedNotes(notes: Iterable<IndexedNote>): Generator<RecordNote> {
  for (const note of notes) {
    if ('unchanged' in note)
      throw new Error('The search index worker was sent a note without its HTML for a full index.');
    yield note;
  }
}

/** An index read ahead, and each of its files as it was when read: a splice uses it only if every one is still that. */
interface IndexReadAhead {
  readonly siteDir: string;
  readonly indexDir: string;
  readonly old: OldIndex;
  readonly stamps: ReadonlyMap<string, fs.Stats>;
}

/** The site's index read now (undefined when it has none the splice could read: the splice then reads and reports). */
function readIndexAhead(siteDir: string, indexDir: string): IndexReadAhead | undefined {
  const stamps = new Map<string, fs.Stats>();
  try {
    const old = readOldIndex(indexDir, (relPath) => {
      const file = path.join(siteDir, relPath);
      stamps.set(relPath, fs.statSync(file)); // before the read: a file changed meanwhile has another stamp later
      return fs.readFileSync(file, 'utf8');
    });
    return { siteDir, indexDir, old, stamps };
  } catch {
    return undefined;
  }
}

/** The index read ahead, when it was read from this site and every file is still the one read. */
function stillCurrent(ahead: IndexReadAhead | undefined, siteDir: string, indexDir: string): OldIndex | undefined {
  if (ahead?.siteDir !== siteDir || ahead.indexDir !== indexDir) return undefined;
  for (const [relPath, read] of ahead.stamps)
    if (!isFileAsStamped(fs.statSync(path.join(siteDir, relPath), { throwIfNoEntry: false }), read)) return undefined;
  return ahead.old;
}

let reply: IndexWorkerReply;
try {
  let first = nextMessage();
  // Read while the main thread reads the site: a splice then starts with the last index at hand.
  let ahead: IndexReadAhead | undefined;
  if ('readAhead' in first) {
    ahead = readIndexAhead(first.readAhead.siteDir, first.readAhead.indexDir);
    first = nextMessage();
  }
  if (!('start' in first)) throw new Error('The search index worker was sent notes before what to index them for.');
  const input = first.start;
  const files = new Map<string, string>();
  // Writes into the site folder (`wiki build`), or keeps the files to hand back (`wiki dev` serves from memory).
  const writer =
    input.writeTo === undefined
      ? undefined
      : createSiteWriter(input.writeTo, {
          ...(input.reuseFrom !== undefined && { reuseFrom: input.reuseFrom }),
          prefilled: input.prefilled === true,
        });
  // Each file written into the site folder is stamped as it is written, and those linked from the last build are
  // named: the build cache records the index's files from these, instead of stat'ing the folder's again once the site
  // is written (tens of thousands of files at 50,000 notes).
  const stamps: FileStamp[] = [];
  const kept: string[] = [];
  const stamp = (relPath: string) => input.writeTo !== undefined && stamps.push(stampWritten(input.writeTo, relPath));
  const write = (relPath: string, text: string) => {
    if (!writer) return void files.set(relPath, text);
    writer.write([relPath, text]);
    stamp(relPath);
  };
  const { reuseFrom } = input;
  if (input.splice && writer && reuseFrom !== undefined) {
    const last = stillCurrent(ahead, reuseFrom, input.indexDir);
    ahead = undefined;
    const lastSite = {
      read: (relPath: string) => fs.readFileSync(path.join(reuseFrom, relPath), 'utf8'),
      write,
      // A file linked from the last build is the one the main thread stat'ed when it planned the splice.
      keep: (relPath: string) => {
        if (writer.link(path.join(reuseFrom, relPath), relPath)) kept.push(relPath);
        else stamp(relPath); // a copy
      },
    };
    spliceLocalIndexFiles(input, receiveNotes(), lastSite, last);
  } else {
    ahead = undefined; // a full index: the last one's postings are not held while it is made
    buildLocalIndexFiles(input, renderedNotes(receiveNotes()), write);
  }
  reply = {
    files,
    ...(input.prefilled === true && writer && { written: [...writer.written] }),
    ...(writer && { stamps, kept }),
  };
} catch (error) {
  reply = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}
mainThread.reply(reply);
