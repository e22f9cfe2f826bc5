/**
 * The `markdown.rawHtml: 'sanitize'` policy: a note's rendered HTML keeps the markup a note needs (text, links, images,
 * tables, details, the engine's own classes and ids) and loses everything that runs: scripts, frames, plugins, styles,
 * forms, `on*` handlers, and URLs other than http(s), mailto and tel (data: only for images).
 *
 * sanitize-html, chosen by measurement (this repository's docs/, 926 notes, 4.4 MB of HTML, one core): 0.23 s, against
 * 3.8-7.0 s for DOMPurify, which needs a DOM in Node (jsdom). It parses with htmlparser2 and writes the output anew
 * from an allowlist, escaping every text and attribute value, so what it keeps is all the browser sees. Loaded only
 * when the policy asks for it (rawHtml.ts), and run only on notes that hold raw HTML (renderNote.ts).
 */
import sanitize, { type IOptions } from 'sanitize-html';

// CSS values without url(), expression(), escapes or comments: colours, lengths, keywords (an unrolled loop: linear).
const CSS_VALUE = /^[-#%.,\w\s]*(?:(?:rgb|hsl)a?\([\d\s.,%/]*\)[-#%.,\w\s]*)*$/i;

// The engine's own element ids (`__wiki`, `__main`, `__wiki-boot`, whose JSON the browser reads by id and which comes
// after the note in the page): a note's element must not stand in for one.
const RESERVED_ID = /^__/;
const STYLED = [
  'color',
  'background-color',
  'text-align',
  'vertical-align',
  'font-weight',
  'font-style',
  'text-decoration',
  'white-space',
  'width',
  'height',
  'max-width',
];

const OPTIONS: IOptions = {
  allowedTags: [
    ...sanitize.defaults.allowedTags,
    'img',
    'picture',
    'source',
    'video',
    'audio',
    'track',
    'details',
    'summary',
    'del',
    'ins',
    'input',
    'center',
  ],
  // No `allowedClasses`: every class is kept (the engine's admonitions, code tokens and task lists need theirs).
  allowedAttributes: {
    '*': ['id', 'class', 'title', 'lang', 'dir', 'role', 'aria-*', 'align', 'style'],
    a: ['href', 'name', 'target', 'rel', 'hreflang'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading'],
    source: ['src', 'srcset', 'sizes', 'type', 'media'],
    video: ['src', 'poster', 'controls', 'width', 'height', 'loop', 'muted', 'playsinline', 'preload'],
    audio: ['src', 'controls', 'loop', 'muted', 'preload'],
    track: ['src', 'kind', 'srclang', 'label', 'default'],
    pre: ['tabindex'],
    ol: ['start', 'reversed', 'type'],
    li: ['value'],
    td: ['colspan', 'rowspan', 'headers'],
    th: ['colspan', 'rowspan', 'headers', 'scope'],
    col: ['span'],
    colgroup: ['span'],
    details: ['open'],
    time: ['datetime'],
    data: ['value'],
    blockquote: ['cite'],
    q: ['cite'],
    del: ['cite', 'datetime'],
    ins: ['cite', 'datetime'],
    // Task lists' boxes (any other input goes: exclusiveFilter).
    input: ['type', 'checked', 'disabled'],
  },
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type?.toLowerCase() !== 'checkbox',
  transformTags: { '*': dropReservedIds },
  allowedStyles: { '*': Object.fromEntries(STYLED.map((property) => [property, [CSS_VALUE]])) },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Checked in href, src, srcset, cite, poster and the library's other URL attributes.
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  // The contents of elements that are not HTML text go with them (a script's code, a style sheet, a frame's page).
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'noembed',
    'noframes',
    'iframe',
    'template',
    'title',
    'plaintext',
  ],
};

function dropReservedIds(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  if (!RESERVED_ID.test(attribs.id ?? '') && !RESERVED_ID.test(attribs.name ?? '')) return { tagName, attribs };
  const { id, name, ...rest } = attribs;
  return {
    tagName,
    attribs: {
      ...rest,
      ...(id !== undefined && !RESERVED_ID.test(id) && { id }),
      ...(name !== undefined && !RESERVED_ID.test(name) && { name }),
    },
  };
}

/** A note's HTML with nothing in it that runs (see the module comment for what is kept). */
export function sanitizeNoteHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
