/** The exit codes of the `hcp-constructs` command (documented in its help and docs/command-line.md). */
export const EXIT = {
  /** Done: synthesized, up to date, or no problem found. */
  ok: 0,
  /** The input has problems (findings), the synth failed, or `--check` found the output out of date. */
  failed: 1,
  /** The command line is wrong, the app or a file cannot be found, or the output folder is refused. */
  usage: 2,
  /** The user's own code threw (while loading the app or inside its define function). */
  userCode: 3,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The command line, the app or the output folder cannot be used; exits {@link EXIT.usage}. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
