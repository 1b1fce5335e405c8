import type { Config } from './config';

/**
 * One JSON line per event on stdout, time in UTC. Callers pass only what is safe to keep: never a
 * password, a cookie or an inquiry's contents. JSON.stringify escapes C0 control characters; the
 * rest that could fool a terminal or a log viewer (DEL, C1, line/paragraph separators, bidi
 * overrides) are escaped here.
 */
const UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

type LogLevel = Config['logLevel'];
type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

function escapeLogLine(line: string): string {
  return line.replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stdout.write(line),
): Logger {
  const emit = (lvl: 'info' | 'error', event: string, fields: LogFields = {}) => {
    write(
      `${escapeLogLine(JSON.stringify({ time: new Date().toISOString(), level: lvl, event, ...fields }))}\n`,
    );
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
