// A shared location in the thread (spec part 1 §2 map widget, zoom 18): the map with its pin,
// current or chosen place, the coordinates (and address when there is one), a link to a map.
import { useIntl } from 'react-intl';
import type { LocationValue } from '../../../api/messages';
import { MapWidget } from '../../../ui/map-widget';
import { coordinatesText, mapLink } from './location-text';
import './rich-input.css';

export function LocationMessage({ location }: { location: LocationValue }) {
  const intl = useIntl();
  const lat = Number(location.latitude);
  const lng = Number(location.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const coords = coordinatesText(intl, lat, lng);
  return (
    <div className="location-message">
      <MapWidget center={{ lat, lng }} label={intl.formatMessage({ id: 'chat.location.mapLabel' }, { coordinates: coords })} />
      <span className="location-message__kind">{intl.formatMessage({ id: location.type === 'CUSTOM' ? 'chat.location.custom' : 'chat.location.current' })}</span>
      {location.address && <span>{location.address}</span>}
      <span className="location-message__coords">{coords}</span>
      <a className="location-message__link" href={mapLink(location.latitude, location.longitude)} target="_blank" rel="noopener noreferrer">
        {intl.formatMessage({ id: 'chat.location.open' })}
      </a>
    </div>
  );
}
