import type { GuardLocation } from '@formwerk/platform';

// The location shown before the current navigation, for guard case 4 (product-spec §4).
let previousLocation: GuardLocation | undefined;

export function getPreviousLocation(): GuardLocation | undefined {
  return previousLocation;
}

export function setPreviousLocation(location: GuardLocation): void {
  previousLocation = location;
}
