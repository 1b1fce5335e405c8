import path from 'node:path';
import { z } from 'zod';

/**
 * The only module that reads process.env. Every variable is validated at start; a bad value stops
 * the server with a message naming the variable and what it expects.
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  production: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const { PORT, HOST, DATA_DIR, NODE_ENV } = parsed.data;
  return { port: PORT, host: HOST, dataDir: path.resolve(DATA_DIR), production: NODE_ENV === 'production' };
}
