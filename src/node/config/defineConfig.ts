/**
 * `defineConfig` in a module of its own, apart from the schema: a site's wiki.config.ts imports it, and the config's
 * bundle (loadConfig.ts) then holds an identity function instead of loading zod a second time in every build.
 */
import type { SiteConfigInput } from './schema.js';

/** Helper for a typed wiki.config.ts. */
export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
