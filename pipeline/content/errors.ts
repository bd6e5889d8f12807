/**
 * A mistake in content/: stops the build (and `npm run dev`) with a message
 * that names the file, and for each problem the field or block and, where it
 * is known, the line (and column) in that file.
 */

export type ContentProblem = {
  message: string;
  /** 1-based line in the file, when known. */
  line?: number;
  /** 1-based column, when known. */
  column?: number;
};

function normalise(problem: string | ContentProblem): ContentProblem {
  return typeof problem === 'string' ? { message: problem } : problem;
}

/** `line 12, column 5: message`, or just the message. */
export function formatProblem({ message, line, column }: ContentProblem): string {
  if (line === undefined) return message;
  return `line ${line}${column === undefined ? '' : `, column ${column}`}: ${message}`;
}

export class ContentError extends Error {
  readonly problems: ContentProblem[];

  constructor(
    readonly file: string,
    problems: (string | ContentProblem)[],
  ) {
    const normalised = problems.map(normalise);
    super(`${file}:\n${normalised.map((p) => `  - ${formatProblem(p)}`).join('\n')}`);
    this.name = 'ContentError';
    this.problems = normalised;
  }
}
