import fs from 'node:fs';
import path from 'node:path';
import { createSiteWriter } from '../siteWriter.js';
import { receiveFromMainThread } from '../workers.js';
import { buildLocalIndexFiles, type IndexWorkerMessage, type IndexWorkerReply } from './indexFiles.js';
import type { RecordNote } from './records.js';
import { type IndexedNote, spliceLocalIndexFiles } from './spliceIndex.js';

// Worker thread entry: indexes notes as the main thread renders them. It starts before the site is read: its first
// message says what to index from. Notes come in batches, read in one synchronous pass (openWorkerChannel). After the
// last note it writes the index (into the site folder, or as files handed back) and replies.
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

let reply: IndexWorkerReply;
try {
  const first = nextMessage();
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
  const write = (relPath: string, text: string) => (writer ? writer.write([relPath, text]) : files.set(relPath, text));
  const { reuseFrom } = input;
  if (input.splice && writer && reuseFrom !== undefined) {
    spliceLocalIndexFiles(input, receiveNotes(), {
      read: (relPath) => fs.readFileSync(path.join(reuseFrom, relPath), 'utf8'),
      write,
      keep: (relPath) => writer.link(path.join(reuseFrom, relPath), relPath),
    });
  } else {
    buildLocalIndexFiles(input, renderedNotes(receiveNotes()), write);
  }
  reply = { files, ...(input.prefilled === true && writer && { written: [...writer.written] }) };
} catch (error) {
  reply = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}
mainThread.reply(reply);
