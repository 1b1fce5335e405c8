import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fieldErrors } from '../../../shared/api';
import { reasonOf, serverFieldErrors } from '../../../ui/admin/request-errors';
import { apiRequest, HttpError } from '../../../ui/data/http';
import type { SiteEditorState } from '../site-api';
import { type SiteContent, siteContentSchema } from '../site-content';

export const SITE_KEY = ['/api/site'] as const;
/** How long typing pauses before the draft is saved. */
const SAVE_AFTER_MS = 800;

/** The editor's state, read fresh on every visit: another tab may have published. */
export function useSiteState() {
  return useQuery<SiteEditorState>({ queryKey: SITE_KEY, staleTime: 0, refetchOnMount: 'always' });
}

export type SaveStatus =
  | { kind: 'live' }
  | { kind: 'saved' }
  | { kind: 'saving' }
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string }
  /** 409: another tab published; only a reload helps. */
  | { kind: 'stale'; message: string };

/**
 * The draft as she types: kept here, checked with the shared schema, and saved a moment after
 * the last keystroke (PUT /api/site/draft). `flush` saves at once (before a publish).
 */
export function useDraft(initial: SiteEditorState) {
  const queryClient = useQueryClient();
  const [content, setContent] = useState<SiteContent>(initial.content);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<SaveStatus>({ kind: initial.hasDraft ? 'saved' : 'live' });
  const basedOn = useRef(initial.basedOn);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(content);
  const saving = useRef<Promise<boolean> | null>(null);

  const save = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const parsed = siteContentSchema.safeParse(latest.current);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setStatus({ kind: 'invalid' });
      return false;
    }
    setErrors({});
    setStatus({ kind: 'saving' });
    const sent = latest.current;
    try {
      const state = await apiRequest<SiteEditorState>('PUT', '/api/site/draft', {
        basedOn: basedOn.current,
        content: parsed.data,
      });
      queryClient.setQueryData(SITE_KEY, {
        ...state,
        content: sent === latest.current ? state.content : latest.current,
      });
      if (sent === latest.current) setStatus({ kind: 'saved' });
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 409)
        setStatus({ kind: 'stale', message: reasonOf(error) });
      else if (error instanceof HttpError && error.status === 400) {
        setErrors(serverFieldErrors(error));
        setStatus({ kind: 'invalid' });
      } else setStatus({ kind: 'failed', message: reasonOf(error) });
      return false;
    }
  }, [queryClient]);

  const change = useCallback(
    (update: (content: SiteContent) => SiteContent) => {
      setContent((current) => {
        const next = update(current);
        latest.current = next;
        return next;
      });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        saving.current = save();
      }, SAVE_AFTER_MS);
    },
    [save],
  );

  /** Saves what is pending now; resolves true when the draft on the server is what is shown. */
  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current !== undefined) return save();
    if (saving.current) return saving.current;
    return true;
  }, [save]);

  /** After a publish, discard or restore: the editor shows the server's state. */
  const reset = useCallback((state: SiteEditorState) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    basedOn.current = state.basedOn;
    latest.current = state.content;
    setContent(state.content);
    setErrors({});
    setStatus({ kind: state.hasDraft ? 'saved' : 'live' });
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { content, errors, status, change, flush, reset, basedOn };
}
