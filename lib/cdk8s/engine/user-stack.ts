/**
 * Errors thrown by the user's own code, reported so they can act on them: the message, then the
 * stack frames of their files only (node's internals, node_modules and the library's own frames
 * are hidden, and counted).
 */
import { isLibraryFile } from './package-root';

/** The user's code threw `original` (loading the app, or in its define function). */
export class UserCodeError extends Error {
  constructor(
    readonly original: unknown,
    readonly during: string,
  ) {
    super(original instanceof Error ? original.message : String(original));
    this.name = 'UserCodeError';
  }
}

/** The file of one `    at ...` line of a V8 stack, or undefined when it names none. */
function frameFile(line: string): string | undefined {
  const location = /\((.*):\d+:\d+\)$/.exec(line)?.[1] ?? /^\s*at (?:async )?(.*):\d+:\d+$/.exec(line)?.[1];
  return location?.replace(/^file:\/\//, '');
}

/** Whether a frame is the user's: a file of theirs, not node's, a package's or the library's. */
function isUserFrame(line: string, isLibrary: (file: string) => boolean): boolean {
  const file = frameFile(line);
  return file !== undefined && !file.startsWith('node:') && !file.includes('/node_modules/') && !file.includes('\\node_modules\\') && !isLibrary(file);
}

export interface UserStackOptions {
  /** Every frame, not only the user's. */
  readonly full?: boolean;
  /** How to see the hidden frames, added to the line that counts them. */
  readonly hint?: string;
  readonly isLibrary?: (file: string) => boolean;
}

/**
 * The error as text: its `Name: message` header (and its causes'), then the user's frames, or
 * every frame with `full`. A thrown value that is not an Error is shown as it is.
 */
export function userStack(error: unknown, options: UserStackOptions = {}): string {
  const { full = false, hint = '--verbose shows them', isLibrary = isLibraryFile } = options;
  if (!(error instanceof Error) || typeof error.stack !== 'string') return `${typeof error === 'string' ? error : JSON.stringify(error) ?? String(error)}\n`;
  const lines = error.stack.split('\n');
  const firstFrame = lines.findIndex((line) => /^\s+at /.test(line));
  const header = firstFrame < 0 ? lines : lines.slice(0, firstFrame);
  const frames = firstFrame < 0 ? [] : lines.slice(firstFrame);
  const shown = full ? frames : frames.filter((line) => isUserFrame(line, isLibrary));
  const hidden = frames.length - shown.length;
  const note = hidden > 0 ? [`    (${hidden} frame(s) of node, packages and hcp-constructs hidden; ${hint})`] : [];
  const cause = error.cause === undefined ? '' : `Caused by: ${userStack(error.cause, options)}`;
  return [...header, ...shown, ...note].join('\n') + '\n' + cause;
}
