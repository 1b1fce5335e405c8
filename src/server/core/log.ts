import type { Config } from './config';

/**
 * One JSON line per event on stdout, time in UTC. Callers pass only what is safe to keep: never a
 * password, a cookie or an inquiry's contents. JSON.stringify escapes C0 control characters; the
 * rest that could fool a terminal or a log viewer (DEL, C1, line/paragraph separators, bidi
 * overrides) are escaped here.
 */
const UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');

type LogLevel = Config['logLevel'];
/** What an event adds to its line; `time`, `level` and `event` are the line's own. */
type LogFields = Record<string, string | number | boolean | null | undefined> & {
  time?: never;
  level?: never;
  event?: never;
};

export interface Logger {
  info(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

function escapeLogLine(line: string): string {
  if (!UNSAFE.test(line)) return line;
  return line.replace(UNSAFE_ALL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Every request is logged, so a line must cost little: the timestamp is formatted once per
 * millisecond, and the lines of one event-loop turn go out in one write (stdout to a file or a
 * pipe is a synchronous write(2) per call on Linux). What is pending is written on exit.
 */
function bufferedStdout(): (line: string) => void {
  let pending = '';
  const flush = () => {
    if (!pending) return;
    const lines = pending;
    pending = '';
    process.stdout.write(lines);
  };
  process.on('exit', flush);
  return (line) => {
    if (!pending) setImmediate(flush);
    pending += line;
  };
}

function clock(): () => string {
  let lastMs = 0;
  let lastIso = '';
  return () => {
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      lastIso = new Date(now).toISOString();
    }
    return lastIso;
  };
}

export function createLogger(level: LogLevel, write: (line: string) => void = bufferedStdout()): Logger {
  const now = clock();
  const emit = (lvl: 'info' | 'error', event: string, fields?: LogFields) => {
    const rest = fields ? JSON.stringify(fields) : '{}';
    const head = `{"time":"${now()}","level":"${lvl}","event":${JSON.stringify(event)}`;
    write(`${escapeLogLine(rest === '{}' ? `${head}}` : `${head},${rest.slice(1)}`)}\n`);
  };
  return {
    info: (event, fields) => {
      if (level === 'info') emit('info', event, fields);
    },
    error: (event, fields) => {
      if (level !== 'silent') emit('error', event, fields);
    },
  };
}
