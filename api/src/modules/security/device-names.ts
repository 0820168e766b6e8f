// The words a person knows their device by, from its User-Agent: "Chrome" and "Windows", not the header.
// A small list of our own rather than a parser library: the history and the new-sign-in mail name only
// the browser and the system, and the few families below are what people use; the rest reads "unknown".
// Order matters: browsers built on Chrome name Chrome (and Safari) in their header too, iPhones name Mac
// OS X, Android names Linux.
const browsers: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(e|A|iOS)?\//],
  ['Opera', /\bOPR\/|\bOpera\b/],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Vivaldi', /\bVivaldi\//],
  ['Firefox', /\b(Firefox|FxiOS)\//],
  ['Chrome', /\b(Chrome|CriOS)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

const systems: [name: string, pattern: RegExp][] = [
  ['Windows', /\bWindows NT\b/],
  ['iOS', /\biPhone\b|\biPod\b/],
  ['iPadOS', /\biPad\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMacintosh\b|\bMac OS X\b/],
  ['Linux', /\bLinux\b/],
];

export type DeviceName = { browser: string | null; os: string | null };

const firstMatch = (list: [string, RegExp][], userAgent: string) =>
  list.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? null;

/** The browser and system a User-Agent names, each null when it is none of those we know. */
export function describeDevice(userAgent: string): DeviceName {
  const header = userAgent.slice(0, 500);
  return { browser: firstMatch(browsers, header), os: firstMatch(systems, header) };
}
