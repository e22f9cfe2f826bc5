/**
 * Dispatched on a content element whose HTML was replaced outside React (`wiki dev`'s live update): the runtime then
 * enhances it again. Its own module so that the dev client can name it without bundling the islands.
 */
export const CONTENT_REPLACED_EVENT = 'wiki:content-replaced';
