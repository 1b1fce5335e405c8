/** Which items are open, by key ("card-3"), kept in step as items move and go. */
export type OpenItems = ReadonlySet<string>;

export function toggled(open: OpenItems, key: string): OpenItems {
  const next = new Set(open);
  if (!next.delete(key)) next.add(key);
  return next;
}

/** Item `from` moved to `to` (next to it): their open states move with them. */
export function moved(open: OpenItems, prefix: string, from: number, to: number): OpenItems {
  const next = new Set(open);
  const a = open.has(`${prefix}-${from}`);
  const b = open.has(`${prefix}-${to}`);
  next.delete(`${prefix}-${from}`);
  next.delete(`${prefix}-${to}`);
  if (a) next.add(`${prefix}-${to}`);
  if (b) next.add(`${prefix}-${from}`);
  return next;
}

/** Item `index` of `count` removed: the ones after it move up one. */
export function removed(open: OpenItems, prefix: string, index: number, count: number): OpenItems {
  const next = new Set([...open].filter((key) => !key.startsWith(`${prefix}-`)));
  for (let i = 0; i < count; i++) {
    if (i === index || !open.has(`${prefix}-${i}`)) continue;
    next.add(`${prefix}-${i < index ? i : i - 1}`);
  }
  return next;
}
