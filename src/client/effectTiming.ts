/**
 * Preact (React's stand-in in the browser) runs effects after the next paint; React runs those of a click or a key
 * press before the next event is handled. The runtime and DocSearch rely on that order (a modal opened by Ctrl+K
 * closes on an Escape pressed at once), so effects run as soon as the render that scheduled them is done.
 */
import { options } from 'preact';

options.requestAnimationFrame = (callback) => queueMicrotask(callback);
