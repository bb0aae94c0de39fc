// The custom location picker (allow_custom: move the pin anywhere, then share a CUSTOM place) and
// the address picker (fetch_address: the device position to check and share as CURRENT). There
// shows the addresses near the device position (reverse-geocode: a mock geocoder on the reference
// server); the map follows the chosen address, which goes out with its own coordinates
// (src/domain/location-share.ts addressAnswer).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { NearbyAddress } from '../../../api/contract';
import type { LatLng } from '../../../domain/map-projection';
import { Dialog } from '../../../ui/dialog';
import { MapWidget } from '../../../ui/map-widget';
import { AddressList } from './address-list';
import { coordinatesText } from './location-text';

export interface LocationPickerDialogProps {
  mode: 'custom' | 'address';
  at: LatLng;
  /** The device's position, for the recentre button (null when unknown). */
  device: LatLng | null;
  onMove: ((at: LatLng) => void) | undefined;
  /** The chosen address (address picker) or null. */
  onConfirm: (address: NearbyAddress | null) => void;
  onCancel: () => void;
}

export function LocationPickerDialog({ mode, at, device, onMove, onConfirm, onCancel }: LocationPickerDialogProps) {
  const intl = useIntl();
  const [address, setAddress] = useState<NearbyAddress | null>(null);
  // the address picker's map shows the chosen address (the device position until one is chosen)
  const shown = mode === 'address' && address ? { lat: address.latitude, lng: address.longitude } : at;
  const coords = coordinatesText(intl, shown.lat, shown.lng);
  return (
    <Dialog
      testId={`location-picker-${mode}`}
      title={intl.formatMessage({ id: mode === 'custom' ? 'chat.location.custom.title' : 'chat.location.address.title' })}
      describeWithBody={false}
      onDismiss={onCancel}
      body={
        <div className="location-picker">
          <p>{intl.formatMessage({ id: mode === 'custom' ? 'chat.location.custom.hint' : 'chat.location.address.hint' })}</p>
          <MapWidget
            size={mode === 'custom' ? 'large' : 'small'}
            center={shown}
            label={intl.formatMessage({ id: 'chat.location.mapLabel' }, { coordinates: coords })}
            caption={coords}
            onMove={onMove}
            recentreLabel={device && onMove ? intl.formatMessage({ id: 'chat.location.recentre' }) : undefined}
            onRecentre={device && onMove ? () => onMove(device) : undefined}
          />
          {mode === 'address' && <AddressList at={at} value={address} onChange={setAddress} />}
        </div>
      }
      actions={[
        { label: intl.formatMessage({ id: 'chat.datePicker.cancel' }), onClick: onCancel, variant: 'secondary' },
        { label: intl.formatMessage({ id: 'chat.location.sharePlace' }), onClick: () => onConfirm(mode === 'address' ? address : null), variant: 'primary' },
      ]}
    />
  );
}
