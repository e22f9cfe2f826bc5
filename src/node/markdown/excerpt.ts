/**
 * The page description when front matter has none: the first line of running text, with Markdown
 * syntax removed. Mirrors Docusaurus's excerpt rules so descriptions match the reference site.
 */
export function createExcerpt(markdown: string): string | undefined {
  const lines = markdown
    .trimStart()
    .replace(/^[^\n]*\n=+/g, '')
    .split('\n');
  let inCode = false;
  let inImport = false;
  let fence = '';
  for (const line of lines) {
    if (line === '' && inImport) inImport = false;
    if (!line.trim()) continue;
    if ((/^(?:import|export)\s.*/.test(line) || inImport) && !inCode) {
      inImport = true;
      continue;
    }
    const trimmed = line.trim();
    if (trimmed.startsWith('```')) {
      const current = /^`+/.exec(trimmed)![0];
      if (!inCode) [inCode, fence] = [true, current];
      else if (current.length >= fence.length) inCode = false;
      continue;
    }
    if (inCode) continue;
    const cleaned = cleanExcerptLine(line);
    if (cleaned) return cleaned;
  }
  return undefined;
}

function cleanExcerptLine(line: string): string {
  return line
    .replace(/<[^>]*>/g, '') // HTML tags
    .replace(/^#[^#]+#?/gm, '') // title headings
    .replace(/^#{1,6}\s*(?<text>[^#]*)\s*#{0,6}/gm, '$1') // other headings
    .replace(/(?<opening>[*_]{1,3})(?<text>.*?)\1/g, '$2') // emphasis
    .replace(/~~(?<text>\S.*\S)~~/g, '$1') // strikethrough
    .replace(/!\[(?<alt>.*?)\][[(].*?[\])]/g, '$1') // images
    .replace(/\[\^.+?\](?:: .*$)?/g, '') // footnotes
    .replace(/\[(?<alt>.*?)\][[(].*?[\])]/g, '$1') // links
    .replace(/`(?<text>.+?)`/g, '$1') // inline code
    .replace(/^\s{0,3}>\s?/g, '') // blockquotes
    .replace(/:::.*/, '') // admonition markers
    .replace(/\s?:(?:::|[^:\n])+:/g, '') // emoji names
    .replace(/\{#*[\w-]+\}/, '') // custom heading ids
    .trim();
}
