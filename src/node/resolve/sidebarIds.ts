/**
 * The ids a `docSidebar` navbar item may name. Without a sidebars file there is one sidebar, generated from the docs
 * folder, under Docusaurus's name for it; a hand-written sidebars file adds its own ids here (its keys).
 */

/** Docusaurus's id of the sidebar it generates from the docs folder when a site has no sidebars file. */
export const FOLDER_SIDEBAR_ID = 'defaultSidebar';

/** Every sidebar id a navbar item may link to, in the order they are declared. */
export function listSidebarIds(): string[] {
  return [FOLDER_SIDEBAR_ID];
}
