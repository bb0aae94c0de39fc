// The address picker's list (spec part 1 §4 fetch_address): addresses near the device position
// from reverse-geocode, nearest first, as radio choices with their distance (haversine on the
// 6371 km Earth). Offline or refused, a line says so and the position can still be shared. The
// choice is the whole address (its label and where it is): it is what gets sent.
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { NearbyAddress } from '../../../api/contract';
import { lookUpAddresses } from '../../../db/commands/look-up-addresses';
import { distanceMetres, type LatLng } from '../../../domain/map-projection';
import { Spinner } from '../../../ui/spinner';

export function AddressList({ at, value, onChange }: { at: LatLng; value: NearbyAddress | null; onChange: (place: NearbyAddress | null) => void }) {
  const intl = useIntl();
  const name = useId();
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; list: NearbyAddress[] }>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    void lookUpAddresses(at.lat, at.lng).then((r) => {
      if (!live) return;
      if (!r.ok) return setState({ kind: 'failed' });
      const list = [...r.value].sort((a, b) => distanceMetres(at, { lat: a.latitude, lng: a.longitude }) - distanceMetres(at, { lat: b.latitude, lng: b.longitude }));
      setState({ kind: 'ready', list });
      if (list[0]) onChange(list[0]);
    });
    return () => void (live = false);
    // One lookup per position; onChange is the parent's setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [at.lat, at.lng]);

  if (state.kind === 'loading') return <Spinner size="small" label={intl.formatMessage({ id: 'common.loading' })} />;
  if (state.kind === 'failed') return <p className="address-list__note">{intl.formatMessage({ id: 'chat.location.address.unavailable' })}</p>;
  return (
    <fieldset className="address-list">
      <legend>{intl.formatMessage({ id: 'chat.location.address.listLabel' })}</legend>
      {state.list.map((a) => {
        const metres = Math.round(distanceMetres(at, { lat: a.latitude, lng: a.longitude }));
        return (
          <label key={a.label} className="address-list__item">
            <input type="radio" name={name} checked={value?.label === a.label} onChange={() => onChange(a)} />
            <span className="address-list__text">
              <span>{a.label}</span>
              <span className="address-list__distance">
                {metres < 5 ? intl.formatMessage({ id: 'chat.location.address.here' }) : intl.formatMessage({ id: 'chat.location.address.distance' }, { metres: intl.formatNumber(metres) })}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
