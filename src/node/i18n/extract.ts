import fs from 'node:fs';
import ts from 'typescript';

/** One translatable string found in source: `<Translate>` or `translate({...})`. */
export interface TranslationEntry {
  readonly id: string;
  readonly message: string;
  readonly description?: string;
  readonly file: string;
  readonly line: number;
}

export interface TranslationProblem {
  readonly file: string;
  readonly line: number;
  readonly message: string;
  readonly hint: string;
}

export interface ExtractResult {
  readonly entries: TranslationEntry[];
  readonly problems: TranslationProblem[];
}

/**
 * Reads the translation declarations of .tsx/.ts/.jsx files with TypeScript's own parser (declarations must be
 * static so they can be listed without running the code, as Docusaurus's extractor requires).
 */
export function extractTranslations(files: readonly string[], displayPath: (file: string) => string): ExtractResult {
  const result: ExtractResult = { entries: [], problems: [] };
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes('Translate') && !text.includes('translate')) continue;
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node: ts.Node): void => {
      if (ts.isJsxElement(node) && node.openingElement.tagName.getText(source) === 'Translate')
        readJsx(node, source, displayPath(file), result);
      else if (ts.isJsxSelfClosingElement(node) && node.tagName.getText(source) === 'Translate')
        readJsxAttributes(node.attributes, undefined, node, source, displayPath(file), result);
      else if (ts.isCallExpression(node) && isTranslateCall(node, source))
        readCall(node, source, displayPath(file), result);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return result;
}

function isTranslateCall(node: ts.CallExpression, source: ts.SourceFile): boolean {
  const name = node.expression.getText(source);
  return name === 'translate' || name === 'translateWith' || name === 't';
}

function lineOf(node: ts.Node, source: ts.SourceFile): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

function readJsx(node: ts.JsxElement, source: ts.SourceFile, file: string, result: ExtractResult): void {
  const children = node.children.filter((child) => !(ts.isJsxText(child) && child.containsOnlyTriviaWhiteSpaces));
  const onlyText = children.every(
    (child) =>
      ts.isJsxText(child) ||
      (ts.isJsxExpression(child) && child.expression !== undefined && ts.isStringLiteralLike(child.expression)),
  );
  if (!onlyText) {
    result.problems.push({
      file,
      line: lineOf(node, source),
      message: '<Translate> children must be a plain string (the default message); it has elements or expressions.',
      hint: 'Keep only text inside <Translate>, and pass dynamic parts through its values prop as {placeholders}.',
    });
    return;
  }
  const message = children
    .map((child) =>
      ts.isJsxText(child) ? child.text : (child as ts.JsxExpression).expression!.getText(source).slice(1, -1),
    )
    .join('')
    .trim();
  readJsxAttributes(node.openingElement.attributes, message || undefined, node, source, file, result);
}

function readJsxAttributes(
  attributes: ts.JsxAttributes,
  message: string | undefined,
  node: ts.Node,
  source: ts.SourceFile,
  file: string,
  result: ExtractResult,
): void {
  const values: Record<string, string> = {};
  for (const property of attributes.properties) {
    if (!ts.isJsxAttribute(property) || !property.initializer) continue;
    const init = property.initializer;
    const literal = ts.isStringLiteral(init)
      ? init.text
      : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
        ? init.expression.text
        : undefined;
    if (literal !== undefined) values[property.name.getText(source)] = literal;
  }
  addEntry({ id: values.id, message, description: values.description }, lineOf(node, source), file, result);
}

function readCall(node: ts.CallExpression, source: ts.SourceFile, file: string, result: ExtractResult): void {
  const argument = node.arguments[0];
  if (!argument || !ts.isObjectLiteralExpression(argument)) return; // translateWith(messages, {...}) is read below
  const values: Record<string, string> = {};
  for (const property of argument.properties) {
    if (ts.isPropertyAssignment(property) && ts.isStringLiteralLike(property.initializer))
      values[property.name.getText(source)] = property.initializer.text;
  }
  addEntry(
    { id: values.id, message: values.message, description: values.description },
    lineOf(node, source),
    file,
    result,
  );
}

function addEntry(
  found: { id?: string | undefined; message?: string | undefined; description?: string | undefined },
  line: number,
  file: string,
  result: ExtractResult,
): void {
  if (found.id === undefined && found.message === undefined) {
    result.problems.push({
      file,
      line,
      message: 'A translation declaration has neither an id nor a default message.',
      hint: 'Give it an id and a default message, e.g. translate({ id: "theme.footer.copyright", message: "All rights reserved" }).',
    });
    return;
  }
  const id = found.id ?? found.message!;
  result.entries.push({
    id,
    message: found.message ?? id,
    ...(found.description !== undefined && { description: found.description }),
    file,
    line,
  });
}
