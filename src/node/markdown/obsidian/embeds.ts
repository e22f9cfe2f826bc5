import { escapeAttribute, escapeHtml } from '../../../shared/html.js';
import { embedKind, parseEmbedOptions } from './syntax.js';

/** What an `![[embed]]` shows, decided when the note's links are resolved. */
export type EmbedView =
  | {
      readonly kind: 'file';
      readonly href: string;
      readonly name: string;
      readonly sourcePath: string;
      readonly options?: string | undefined;
      readonly block?: undefined;
    }
  | {
      readonly kind: 'transclusion';
      readonly href: string;
      readonly title: string;
      readonly html: string;
      readonly block: true;
    }
  | { readonly kind: 'link'; readonly href: string; readonly text: string; readonly block?: undefined }
  | { readonly kind: 'missing'; readonly name: string; readonly block?: undefined };

/** An embed's HTML: an image, audio or video player, a PDF frame, a transcluded note, or a link. */
export function renderEmbed(view: EmbedView): string {
  switch (view.kind) {
    case 'missing':
      return `<span class="embed embed-missing" title="Missing file">${escapeHtml(view.name)}</span>`;
    case 'link':
      return `<a class="wikilink" href="${escapeAttribute(view.href)}">${escapeHtml(view.text)}</a>`;
    case 'transclusion':
      return (
        `<blockquote class="transclusion">\n${view.html}` +
        `<p class="transclusion-source"><a href="${escapeAttribute(view.href)}">${escapeHtml(view.title)}</a></p>\n</blockquote>\n`
      );
    case 'file':
      return renderFile(view);
  }
}

function renderFile(view: Extract<EmbedView, { kind: 'file' }>): string {
  const src = escapeAttribute(view.href);
  const options = parseEmbedOptions(view.options);
  const name = view.name.slice(view.name.lastIndexOf('/') + 1);
  const size =
    (options.width === undefined ? '' : ` width="${options.width}"`) +
    (options.height === undefined ? '' : ` height="${options.height}"`);
  switch (embedKind(view.sourcePath)) {
    case 'image':
      return `<img class="embed embed-image" src="${src}" alt="${escapeAttribute(options.alt ?? name)}"${size} loading="lazy">`;
    case 'audio':
      return `<audio class="embed embed-audio" controls src="${src}"></audio>`;
    case 'video':
      return `<video class="embed embed-video" controls src="${src}"${size}></video>`;
    case 'pdf':
      return `<iframe class="embed embed-pdf" src="${src}" title="${escapeAttribute(name)}"${size}></iframe>`;
    default:
      return `<a class="embed embed-file" href="${src}">${escapeHtml(options.alt ?? name)}</a>`;
  }
}
