import { parentPort, workerData } from 'node:worker_threads';
import type { Doc } from '../docs/doc.js';
import type { LinkResolverOptions } from './links.js';
import { parseDocsInline } from './parseDocs.js';

// Worker thread entry: parse a share of the notes and send them back.
const { docs, resolverOptions } = workerData as { docs: Doc[]; resolverOptions: LinkResolverOptions };
parentPort!.postMessage(parseDocsInline(docs, resolverOptions));
