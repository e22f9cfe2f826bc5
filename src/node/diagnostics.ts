/** Content problems are collected, never thrown one by one, and reported once at the end with a count. */
export type Severity = 'error' | 'warning';

/** The severities a site may choose for a class of content problem (SPEC §1: broken links and duplicate routes warn). */
export type SeveritySetting = 'ignore' | 'warn' | 'throw';

export interface Diagnostic {
  readonly severity: Severity;
  /** Stable machine-readable kind, e.g. "broken-link". */
  readonly code: string;
  /** Path as the user knows it (relative to the working directory when possible). */
  readonly file?: string;
  readonly line?: number;
  /** What is wrong. */
  readonly message: string;
  /** How to fix it. */
  readonly hint?: string;
}

/** Collects diagnostics for one build; passed in the build context. */
export class DiagnosticList {
  readonly items: Diagnostic[] = [];

  add(diagnostic: Diagnostic): void {
    this.items.push(diagnostic);
  }

  /** Adds a content problem at the severity the config chose for its kind. */
  addWithSetting(setting: SeveritySetting, diagnostic: Omit<Diagnostic, 'severity'>): void {
    if (setting === 'ignore') return;
    this.add({ ...diagnostic, severity: setting === 'throw' ? 'error' : 'warning' });
  }

  get errorCount(): number {
    return this.items.filter((d) => d.severity === 'error').length;
  }

  get warningCount(): number {
    return this.items.filter((d) => d.severity === 'warning').length;
  }
}

/** One diagnostic as a terminal line: "warning docs/a.md:12 Broken link ... → fix". */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = diagnostic.file ? `${diagnostic.file}${diagnostic.line ? `:${diagnostic.line}` : ''}: ` : '';
  const hint = diagnostic.hint ? `\n    ${diagnostic.hint}` : '';
  return `${diagnostic.severity} [${diagnostic.code}] ${where}${diagnostic.message}${hint}`;
}
