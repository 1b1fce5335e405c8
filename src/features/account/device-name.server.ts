import Bowser from 'bowser';

/** What the OS is called when the device has no model name of its own. */
const osNames: Record<string, string> = { macOS: 'Mac', 'Chrome OS': 'Chromebook' };

/**
 * The names bowser knows. For a user agent it cannot read, bowser falls back to the user agent's
 * first word ("Mozilla", "SomeApp", anything a client sends): a cut-off piece of it, never shown.
 */
const knownBrowsers = new Set(Object.values(Bowser.BROWSER_MAP));
const knownOses = new Set(Object.values(Bowser.OS_MAP));
/** Models bowser names from a fixed list (others are pieces of the user agent, e.g. Nokia's number). */
const knownModels = new Map(
  ['iPhone', 'iPad', 'iPod', 'Nova', 'Kindle Fire HD 7'].map((model) => [model.toLowerCase(), model]),
);

/**
 * The device of a user agent in plain words, "Chrome on iPhone", "Safari on Mac", "Firefox on
 * Windows", read by bowser (a well-kept parser: user agents are a moving target); "Unknown
 * browser" when it cannot read the browser.
 */
export function deviceName(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown browser';
  const { browser, os, platform } = Bowser.parse(userAgent);
  if (!browser.name || !knownBrowsers.has(browser.name)) return 'Unknown browser';
  const model = platform.model ? knownModels.get(platform.model.toLowerCase()) : undefined;
  const osName = os.name && knownOses.has(os.name) ? (osNames[os.name] ?? os.name) : undefined;
  let device = model ?? osName;
  if (os.name === 'Android' && !model)
    device = platform.type === 'tablet' ? 'Android tablet' : 'Android phone';
  return device ? `${browser.name} on ${device}` : browser.name;
}
