import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { DEV_RELOAD_PATH } from '../../shared/dev-reload-path';

export interface DevReload {
  handler: RequestHandler;
  /** Ends the open streams, so a restart does not wait for them. */
  close: () => void;
}

/**
 * For `npm run dev` only (start-services.ts builds it when DEV_RELOAD is set; production builds drop it).
 * Each page's EventSource is sent this process's boot id; when the watcher restarts the server
 * after a rebuild, the browser reconnects, gets a new id, and reloads the page.
 */
export function createDevReload(): DevReload {
  const boot = randomUUID();
  const open = new Set<Response>();
  const handler: RequestHandler = (req, res, next) => {
    if (req.path !== DEV_RELOAD_PATH || req.method !== 'GET') return next();
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    // retry: how soon the browser tries again while the server restarts.
    res.write(`retry: 500\nevent: boot\ndata: ${boot}\n\n`);
    open.add(res);
    res.on('close', () => open.delete(res));
  };
  return {
    handler,
    close: () => {
      for (const res of open) res.end();
      open.clear();
    },
  };
}
