/** The site server: serves a built folder (`wiki serve`) or an in-memory site (`wiki dev`). */
export { directoryFiles, memoryFiles, type SiteFiles } from './siteFiles.js';
export { startSiteServer, type RequestLogEntry, type SiteServer, type SiteServerOptions } from './staticServer.js';
export { addInlineScriptHashes, defaultContentSecurityPolicy } from './headers.js';
