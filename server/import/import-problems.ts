// What is wrong with an import file, said the way a shop owner reads a spreadsheet: the line (the
// header is line 1), the column and the value found.

export interface ImportProblem {
  /** 1-based line in the file; 0 for the file as a whole. */
  line: number;
  column?: string;
  /** The value as found in the file (shortened when long). */
  value?: string;
  message: string;
  /**
   * What kind of problem, stable for integrations (the management API's error_list code):
   * `invalid` when not said; `required`, `duplicate`, `not_found`, `unknown_column`, `file`.
   */
  code?: ImportProblemCode;
}

export type ImportProblemCode = 'invalid' | 'required' | 'duplicate' | 'not_found' | 'unknown_column' | 'file';

const MAX_SHOWN = 60;

/** A value as an operator can recognise it: control characters visible, long values cut. */
export function shownValue(value: string): string {
  const visible = value.replace(/[\u0000-\u001f\u007f]/g, (c) => (c === '\n' ? '\\n' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
  return visible.length > MAX_SHOWN ? `${visible.slice(0, MAX_SHOWN)}… (${value.length} characters)` : visible;
}

/** "line 14, column price: '12,3,4' is not a price". */
export function formatProblem(p: ImportProblem): string {
  const where = [p.line > 0 ? `line ${p.line}` : 'file', p.column !== undefined ? `column ${p.column}` : undefined].filter(Boolean).join(', ');
  const what = p.value !== undefined ? `'${shownValue(p.value)}' ${p.message}` : p.message;
  return `${where}: ${what}`;
}

/** Problems in file order, so the operator fixes them top to bottom. */
export const sortProblems = (problems: ImportProblem[]) => [...problems].sort((a, b) => a.line - b.line);
