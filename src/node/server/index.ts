/** The site server: serves a built folder (`wiki serve`) or an in-memory site (`wiki dev`). */
export { directoryFiles, memoryFile, memoryFiles, openDiskFile, type SiteFile, type SiteFiles } from './siteFiles.js';
export {
  startSiteServer,
  type ConnectionLimits,
  type RequestLogEntry,
  type SiteServer,
  type SiteServerOptions,
} from './staticServer.js';
export { addInlineScriptHashes, defaultContentSecurityPolicy } from './headers.js';
export { createHostCheck, type HostCheck } from './hostCheck.js';
export { buildContentSecurityPolicy, rootSite, servedSiteOf, type ServedSite } from './sitePolicy.js';
