// Location sharing for one bot (spec part 1 §4 "Location sharing", §8 notices, §9 timings): the
// request routing of domain/location-share (custom picker, address picker, share at once,
// permission dialog, unsupported dialog), the geolocation call with its 60 s timeout, the notices
// and the send through the outbox (sendLocation). The state machine is pure; this hook owns the
// browser calls and the timers that let its notices hide and its fetching flag reset.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { RichInputRequest } from '../../../api/messages';
import { sendLocation } from '../../../db/commands/send-location';
import { GEOLOCATION_TIMEOUT_MS } from '../../../domain/constants';
import { MSG } from '../../../domain/errors';
import {
  INITIAL_LOCATION_SHARE,
  addressAnswer,
  isFetching,
  locationRoute,
  nextChangeAt,
  positionFailed,
  positionReceived,
  tapShare,
  visibleNotice,
  type GeoPermission,
  type LocationShareState,
} from '../../../domain/location-share';
import type { LatLng } from '../../../domain/map-projection';
import { Dialog } from '../../../ui/dialog';
import { NoticeToast } from '../../../ui/notice-toast';
import { LocationPickerDialog } from './location-picker-dialog';

type Config = RichInputRequest['config'];
type Open =
  | { kind: 'none' }
  | { kind: 'permission'; state: 'ask' | 'denied'; browserMessage?: string; config: Config }
  | { kind: 'unsupported' }
  | { kind: 'picker'; mode: 'custom' | 'address'; at: LatLng; device: LatLng | null };

/** Where a custom picker opens when the device position is unknown: the centre of India. */
const FALLBACK_CENTRE: LatLng = { lat: 20.5937, lng: 78.9629 };

async function geoPermission(): Promise<GeoPermission> {
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' });
    return status?.state ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const hasGeolocation = () => typeof navigator !== 'undefined' && 'geolocation' in navigator && !!navigator.geolocation;

/** `onSent`: called once a location is queued for the bot (the /share-location screen then opens the thread). */
export function useLocationFlow(botUuid: string, onSent?: () => void): { begin: (config: Config) => void; view: ReactNode; fetching: boolean } {
  const intl = useIntl();
  const [machine, setMachine] = useState<LocationShareState>(INITIAL_LOCATION_SHARE);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [, setTick] = useState(0);
  const machineRef = useRef(machine);
  machineRef.current = machine;
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  // Re-render when a notice hides or the fetching flag resets.
  useEffect(() => {
    const at = nextChangeAt(machine, Date.now());
    if (at === null) return;
    const t = setTimeout(() => setTick((n) => n + 1), Math.max(0, at - Date.now()) + 5);
    return () => clearTimeout(t);
  });

  const update = (next: LocationShareState) => {
    machineRef.current = next;
    if (mounted.current) setMachine(next);
  };

  /** Starts a fetch through the state machine; null when one already runs (please-wait shown). */
  const fetchPosition = useCallback((): Promise<{ ok: true; at: LatLng } | { ok: false; code: number | null; message: string }> | null => {
    const tap = tapShare(machineRef.current, Date.now());
    update(tap.state);
    if (!tap.start) return null;
    return new Promise((resolve) => {
      navigator.geolocation.getCurrentPosition(
        (p) => {
          update(positionReceived(machineRef.current, Date.now()));
          resolve({ ok: true, at: { lat: p.coords.latitude, lng: p.coords.longitude } });
        },
        (e) => {
          update(positionFailed(machineRef.current, e?.code ?? null, Date.now()));
          resolve({ ok: false, code: e?.code ?? null, message: e?.message ?? '' });
        },
        { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
      );
    });
  }, []);

  /** Permission granted (or being asked for by this call): share at once or open the address picker. */
  const shareCurrent = useCallback(
    async (config: Config) => {
      const pending = fetchPosition();
      if (!pending) return;
      const result = await pending;
      if (!mounted.current) return;
      if (!result.ok) {
        // Denied now: the permission dialog shows the denied state with the browser's words.
        if (result.code === 1) setOpen({ kind: 'permission', state: 'denied', browserMessage: result.message, config });
        else setOpen({ kind: 'none' });
        return;
      }
      if (config?.fetch_address) {
        setOpen({ kind: 'picker', mode: 'address', at: result.at, device: result.at });
        return;
      }
      setOpen({ kind: 'none' });
      const sent = await sendLocation(botUuid, { latitude: result.at.lat, longitude: result.at.lng, type: 'CURRENT' });
      if (sent.ok) onSentRef.current?.();
    },
    [botUuid, fetchPosition],
  );

  const begin = useCallback(
    (config: Config) => {
      void (async () => {
        const geo = hasGeolocation();
        const permission = geo ? await geoPermission() : 'unknown';
        const route = locationRoute(config, geo, permission);
        switch (route.kind) {
          case 'custom-picker': {
            setOpen({ kind: 'picker', mode: 'custom', at: FALLBACK_CENTRE, device: null });
            // Start at the device's position when the browser already allows it.
            if (geo && permission === 'granted') {
              navigator.geolocation.getCurrentPosition(
                (p) => {
                  const at = { lat: p.coords.latitude, lng: p.coords.longitude };
                  setOpen((o) => (o.kind === 'picker' && o.device === null ? { ...o, at, device: at } : o));
                },
                () => undefined,
                { timeout: GEOLOCATION_TIMEOUT_MS },
              );
            }
            return;
          }
          case 'unsupported':
            setOpen({ kind: 'unsupported' });
            return;
          case 'permission-dialog':
            setOpen({ kind: 'permission', state: route.state, config });
            return;
          default:
            await shareCurrent(config);
        }
      })();
    },
    [shareCurrent],
  );

  const now = Date.now();
  const noticeId = visibleNotice(machine, now);
  const fetching = isFetching(machine, now);
  const close = () => setOpen({ kind: 'none' });

  let dialog: ReactNode = null;
  if (open.kind === 'unsupported') {
    dialog = (
      <Dialog
        testId="location-unsupported"
        title={intl.formatMessage({ id: 'chat.location.unsupported.title' })}
        body={intl.formatMessage({ id: MSG.location.promptUnsupported })}
        onDismiss={close}
        actions={[{ label: intl.formatMessage({ id: 'common.close' }), onClick: close, variant: 'primary' }]}
      />
    );
  } else if (open.kind === 'permission') {
    const denied = open.state === 'denied';
    dialog = (
      <Dialog
        testId="location-permission"
        title={intl.formatMessage({ id: 'chat.location.permission.title' })}
        body={
          <>
            <p>{intl.formatMessage({ id: denied ? MSG.location.promptDenied : 'chat.location.permission.ask' })}</p>
            {open.browserMessage && <p className="location-flow__browser">{intl.formatMessage({ id: 'chat.location.permission.browserSays' }, { message: open.browserMessage })}</p>}
          </>
        }
        onDismiss={close}
        actions={[
          { label: intl.formatMessage({ id: 'common.close' }), onClick: close, variant: 'secondary' },
          {
            label: intl.formatMessage({ id: denied ? 'common.retry' : 'chat.location.permission.allow' }),
            onClick: () => void shareCurrent(open.config),
            variant: 'primary',
            pending: fetching,
          },
        ]}
      />
    );
  } else if (open.kind === 'picker') {
    dialog = (
      <LocationPickerDialog
        mode={open.mode}
        at={open.at}
        device={open.device}
        onMove={open.mode === 'custom' ? (at) => setOpen({ ...open, at }) : undefined}
        onCancel={close}
        onConfirm={(address) => {
          close();
          // a picked address goes with its own coordinates, not the device's
          void sendLocation(botUuid, open.mode === 'custom' ? { latitude: open.at.lat, longitude: open.at.lng, type: 'CUSTOM' } : addressAnswer(open.at, address)).then((sent) => {
            if (sent.ok) onSentRef.current?.();
          });
        }}
      />
    );
  }

  const view = (
    <>
      {dialog}
      <NoticeToast text={noticeId ? intl.formatMessage({ id: noticeId }) : null} />
    </>
  );
  return { begin, view, fetching };
}
