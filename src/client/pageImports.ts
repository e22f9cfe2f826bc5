/**
 * The site's custom pages by route, each a lazy chunk. This file is a placeholder: the build generates its contents
 * from the site's `pages/` folder (src/node/pipeline/clientBundle.ts).
 */
import type { ComponentType } from 'react';

export const pageImports: Readonly<Record<string, () => Promise<{ readonly default: ComponentType }>>> = {};
