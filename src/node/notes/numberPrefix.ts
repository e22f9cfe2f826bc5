// Same rules as Docusaurus's default number prefix parser, so `01-intro` becomes `intro`
// but dates (`2021-01-report`) and versions (`v1.2-notes`) keep their digits.
const dateLikePrefix = /^(?:\d{2}|\d{4})[-_.]\d{2}(?:[-_.](?:\d{2}|\d{4}))?.*$/;
const versionLikePrefix = /^v?\d+[-_.]\d+(?:[-_.]\d+)?.*$/;
const numberPrefix = /^(?<prefix>\d+)\s*[-_.]+\s*(?<suffix>[^-_.\s].*)$/;

export interface NumberPrefixParts {
  readonly name: string;
  readonly position?: number;
}

/** Splits `02-setup` into { name: 'setup', position: 2 }; names without a prefix come back unchanged. */
export function parseNumberPrefix(name: string): NumberPrefixParts {
  if (dateLikePrefix.test(name) || versionLikePrefix.test(name)) return { name };
  const match = numberPrefix.exec(name);
  if (!match?.groups) return { name };
  return { name: match.groups.suffix!, position: Number(match.groups.prefix) };
}

/** Strips the number prefix of every segment of a posix path. */
export function stripPathNumberPrefixes(posixPath: string): string {
  return posixPath
    .split('/')
    .map((segment) => parseNumberPrefix(segment).name)
    .join('/');
}
