/** Terminal output of `wiki dev`: each problem once when it appears, and a line when the errors are gone. */
import type { DevProblem } from '../../shared/devProtocol.js';
import { formatDiagnostic, type Diagnostic } from '../diagnostics.js';

/** What has been printed so far in this session. */
export interface ProblemReport {
  printed: Set<string>;
  hadErrors: boolean;
}

export interface ReportInput {
  readonly diagnostics: readonly Diagnostic[];
  /** Failures beside the build's diagnostics: the whole build (config, docs folder) or one note's update. */
  readonly failures: readonly DevProblem[];
  readonly log: (line: string) => void;
}

/** Prints the problems not printed before (a problem fixed and made again prints again). */
export function reportProblems(report: ProblemReport, input: ReportInput): void {
  const all = [...input.failures.map((failure) => ({ ...failure, severity: 'error' as const })), ...input.diagnostics];
  const lines = all.map(formatDiagnostic);
  const fresh = lines.filter((line) => !report.printed.has(line));
  for (const line of fresh) input.log(line);
  report.printed = new Set(lines);
  const errors = all.filter((d) => d.severity === 'error').length;
  if (errors > 0 && fresh.length > 0)
    input.log(`${errors} error(s): the browser shows them in an overlay; every other page is still served.`);
  else if (report.hadErrors) input.log('No build errors now.');
  report.hadErrors = errors > 0;
}
