import type { SiteContent } from '../site-content';

/**
 * The content with the text at `path` (the field's error key: "why.cards.2.title") replaced,
 * copied along the path and shared elsewhere. Each field's change is applied to the content as
 * it is when React applies it, not as it was when the field last rendered: a keystroke that
 * lands before the render of an upload that just finished (or of another field's change) would
 * otherwise put the older content back and lose that change. A path that is no longer there
 * (the item was removed in between) changes nothing: it is never added.
 */
export function withValueAt(content: SiteContent, path: string, value: string): SiteContent {
  return (setIn(content, path.split('.'), value) ?? content) as SiteContent;
}

/** The node with `value` at `keys`, or undefined when the path is not in it. */
function setIn(node: unknown, keys: readonly string[], value: string): unknown {
  const [key, ...rest] = keys;
  if (key === undefined) return value;
  if (Array.isArray(node)) {
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0 || index >= node.length) return undefined;
    const item = setIn(node[index], rest, value);
    return item === undefined ? undefined : node.map((old, i) => (i === index ? item : old));
  }
  if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
  const child = setIn((node as Record<string, unknown>)[key], rest, value);
  return child === undefined ? undefined : { ...node, [key]: child };
}
