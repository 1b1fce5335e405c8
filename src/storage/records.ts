import type { Inquiry } from '../shared/api';
import type { User } from './file-schemas';

export type { User };

/** The inquiry fields a visitor supplies; createInquiry adds id and createdAt. */
export type NewInquiry = Omit<Inquiry, 'id' | 'createdAt'>;

/**
 * The records every request may read: the inquiries, their read marks, the users and the ended
 * sessions (`storage.records`; the features take it as their `store` dependency). The rest of
 * DATA_DIR is opened through `Storage` (storage.ts) by the feature that owns it. Every write has
 * landed on disk (fsync'd) when its promise resolves.
 */
export interface Records {
  createInquiry(input: NewInquiry): Promise<Inquiry>;
  /** Newest first. */
  listInquiries(): Promise<Inquiry[]>;
  /** Is an inquiry with this id stored? */
  hasInquiry(id: string): boolean;
  /**
   * Removes these inquiries for good (deleted likely spam, decision 113): their read marks, then
   * the inquiries from inquiries.json, every other record kept as it was. Resolves once on disk.
   */
  forgetInquiries(ids: readonly string[]): Promise<void>;
  /** Inquiry id → when it was first opened in the dashboard (kept apart from the inquiries). */
  inquiryReads(): Promise<ReadonlyMap<string, string>>;
  /** Marks a stored inquiry read (the first time only): its read time, or null if no such inquiry. */
  markInquiryRead(id: string): Promise<string | null>;
  findUserByUsername(username: string): Promise<User | undefined>;
  findUserById(id: string): Promise<User | undefined>;
  hasUsers(): Promise<boolean>;
  /** Every user as users.json has it (read afresh). */
  listUsers(): Promise<User[]>;
  /**
   * Records that session `sid` was signed out before it expired (`validUntil`, ms since epoch):
   * refused at once, and still after a restart once the promise resolves.
   */
  endSession(sid: string, validUntil: number): Promise<void>;
  /** Was this session signed out? Answered from memory: every request with a cookie asks. */
  isSessionEnded(sid: string): boolean;
  /** Is the data directory readable and writable right now? (for /healthz) */
  isHealthy(): Promise<boolean>;
  /** Waits for pending writes; further writes are refused. */
  close(): Promise<void>;
}
