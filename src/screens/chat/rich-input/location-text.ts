import type { IntlShape } from 'react-intl';

/** '17.385044, 78.486671' in the user's digits, 6 decimals as on the wire. */
export function coordinatesText(intl: IntlShape, lat: number, lng: number): string {
  const f = (n: number) => intl.formatNumber(n, { minimumFractionDigits: 6, maximumFractionDigits: 6, useGrouping: false });
  return `${f(lat)}, ${f(lng)}`;
}

/** A public map page for the place (opened outside the app). */
export function mapLink(lat: string, lng: string): string {
  const q = (s: string) => encodeURIComponent(s);
  return `https://www.openstreetmap.org/?mlat=${q(lat)}&mlon=${q(lng)}#map=18/${q(lat)}/${q(lng)}`;
}
