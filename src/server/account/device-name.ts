import Bowser from 'bowser';

/** What the OS is called when the device has no model name of its own. */
const osNames: Record<string, string> = { macOS: 'Mac', 'Chrome OS': 'Chromebook' };

/**
 * The device of a user agent in plain words, "Chrome on iPhone", "Safari on Mac", "Firefox on
 * Windows", read by bowser (a well-kept parser: user agents are a moving target).
 */
export function deviceName(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown browser';
  const { browser, os, platform } = Bowser.parse(userAgent);
  const name = browser.name || 'Unknown browser';
  let device = platform.model || (os.name && (osNames[os.name] ?? os.name));
  if (os.name === 'Android' && !platform.model)
    device = platform.type === 'tablet' ? 'Android tablet' : 'Android phone';
  return device ? `${name} on ${device}` : name;
}
