// The map widget (spec part 1 §2: default zoom 18, optional recentre button). The product runs
// with no outside map service here, so the widget draws the map itself: the zoom-level tile grid
// (256-px Web Mercator tiles, finer lines every 64 px) placed exactly where the real tiles would
// lie around the point, a pin at the centre and the coordinates. Interactive mode (the custom
// location picker): drag or tap to move the point under the pin, arrow keys move it 16 px.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { MAP_DEFAULT_ZOOM } from '../domain/constants';
import { offsetBy, toWorld, TILE_SIZE, type LatLng } from '../domain/map-projection';
import './map-widget.css';

export interface MapWidgetProps {
  center: LatLng;
  zoom?: number;
  /** The map's accessible name (e.g. 'Map of the shared location'). */
  label: string;
  /** The coordinates line under the pin, already formatted. */
  caption?: string;
  /** Makes the map a picker: the point under the pin moves with drag, tap and arrow keys. */
  onMove?: (next: LatLng) => void;
  /** Shows the recentre button, which calls onRecentre. */
  recentreLabel?: string;
  onRecentre?: () => void;
  size?: 'small' | 'large';
}

const KEY_STEP_PX = 16;

export function MapWidget({ center, zoom = MAP_DEFAULT_ZOOM, label, caption, onMove, recentreLabel, onRecentre, size = 'small' }: MapWidgetProps) {
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; moved: boolean; start: LatLng } | null>(null);
  const [dragging, setDragging] = useState(false);
  const world = toWorld(center, zoom);
  // The grid scrolls with the point: the background's origin is the tile corner's screen offset.
  const bgX = `calc(50% - ${world.x % TILE_SIZE}px)`;
  const bgY = `calc(50% - ${world.y % TILE_SIZE}px)`;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!onMove) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, moved: false, start: center };
    setDragging(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || !onMove) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    d.moved = true;
    // Dragging the map moves the ground under a fixed pin: the opposite way.
    onMove(offsetBy(d.start, -dx, -dy, zoom));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    drag.current = null;
    setDragging(false);
    if (!d || !onMove || d.moved || !box.current) return;
    // A tap: that point comes under the pin.
    const r = box.current.getBoundingClientRect();
    onMove(offsetBy(d.start, e.clientX - (r.left + r.width / 2), e.clientY - (r.top + r.height / 2), zoom));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!onMove) return;
    const step: Record<string, [number, number]> = { ArrowLeft: [-KEY_STEP_PX, 0], ArrowRight: [KEY_STEP_PX, 0], ArrowUp: [0, -KEY_STEP_PX], ArrowDown: [0, KEY_STEP_PX] };
    const s = step[e.key];
    if (!s) return;
    e.preventDefault();
    onMove(offsetBy(center, s[0], s[1], zoom));
  };

  return (
    <div className={`map-widget map-widget--${size}`}>
      <div
        ref={box}
        className={`map-widget__map${onMove ? ' map-widget__map--interactive' : ''}${dragging ? ' map-widget__map--dragging' : ''}`}
        style={{ backgroundPosition: `${bgX} ${bgY}, ${bgX} ${bgY}` }}
        role={onMove ? 'application' : 'img'}
        aria-label={label}
        tabIndex={onMove ? 0 : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
          setDragging(false);
        }}
        onKeyDown={onKeyDown}
        data-zoom={zoom}
      >
        <svg className="map-widget__pin" viewBox="0 0 24 32" width="28" height="38" aria-hidden="true" focusable="false">
          <path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="currentColor" />
          <circle cx="12" cy="12" r="4.5" fill="#fff" />
        </svg>
        <span className="map-widget__zoom" aria-hidden="true">z{zoom}</span>
      </div>
      {recentreLabel && onRecentre && (
        <button type="button" className="map-widget__recentre" onClick={onRecentre} aria-label={recentreLabel} title={recentreLabel}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="4" fill="currentColor" />
            <path d="M12 2v4M12 18v4M2 12h4M18 12h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            <circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      )}
      {caption && <p className="map-widget__caption">{caption}</p>}
    </div>
  );
}
