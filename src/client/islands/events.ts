/**
 * Dispatched on a content element whose HTML was replaced outside React (`wiki dev`'s live update): the runtime then
 * enhances it again. Its own module so that the dev client can name it without bundling the islands.
 */
export const CONTENT_REPLACED_EVENT = 'wiki:content-replaced';

/**
 * Dispatched on `window` by `wiki dev`'s client after each update the server sends: what the page keeps of the site's
 * data (the search index) is fetched again when next needed. Never dispatched in a built site.
 */
export const DEV_UPDATE_EVENT = 'wiki:dev-update';
