// The first match wins: Edge and Opera also name Chrome and Safari, Chrome also names Safari.
const browsers: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\bOPR\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)(?:[.\d]*)(?: Mobile\/\w+)? Safari\//],
];

const systems: [name: string, pattern: RegExp][] = [
  ['iPhone', /\biPhone\b/],
  ['iPad', /\biPad\b/],
  ['Android', /\bAndroid\b/],
  ['Windows', /\bWindows\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

const maxRawLength = 60;

/**
 * A user agent as a person reads it on the certificate page ("Firefox 133 · Windows"); one that names
 * no browser we know is shown as it came, cut to 60 characters. The audit trail keeps it whole.
 */
export function summarizeUserAgent(userAgent: string): string {
  const browser = browsers.find(([, pattern]) => pattern.test(userAgent));
  const system = systems.find(([, pattern]) => pattern.test(userAgent));
  if (!browser) {
    const trimmed = userAgent.trim();
    return trimmed.length > maxRawLength ? `${trimmed.slice(0, maxRawLength - 1)}…` : trimmed;
  }
  const [name, pattern] = browser;
  const version = pattern.exec(userAgent)?.[1];
  const label = version ? `${name} ${version}` : name;
  return system ? `${label} · ${system[0]}` : label;
}
