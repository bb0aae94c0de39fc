// /spin-the-wheel?schedule=<uuid> (spec part 2 §4 "Spin the wheel", §7 stw/get-options, stw/play):
// the wheel of the server's options; Spin asks the server, which picks by its weights, and the
// wheel turns to the answer it gave. spin_available is false afterwards; a spun schedule shows
// its result. Spinning needs the network and says so.
import { useEffect, useState } from 'react';
import { useSearch } from '@tanstack/react-router';
import { loadWheel, spinWheel } from '../../db/commands';
import { useGames } from '../../db/hooks';
import type { WheelOption } from '../../api/rewards-contract';
import { Button } from '../../ui/button';
import { useT } from '../shared/use-t';
import { RewardsFrame } from './rewards-frame';

const COLOURS = ['#0b6e63', '#f2b705', '#1565c0', '#c62828', '#6a1b9a', '#2e7d32', '#ef6c00', '#00838f'];

/** The rotation (degrees) that brings segment `index` under the pointer at the top, after full turns. */
export const rotationFor = (index: number, count: number, turns = 5) => turns * 360 + (360 - (index + 0.5) * (360 / count));

/** Where a segment's label sits: along the radius, between the hub and the rim (SVG units). */
const LABEL_RADIUS = 57;
const LABEL_ROOM = 74;
const LABEL_FONT = 9;

/**
 * A segment's label, written along its radius (the room a segment has; across it a label would
 * spill into its neighbours), turned to read left to right on the left half too, and squeezed to
 * the room when it is long (a Telugu or Gujarati phrase can be).
 */
function SegmentLabel({ text, mid }: { text: string; mid: number }) {
  const x = LABEL_RADIUS * Math.cos(mid);
  const y = LABEL_RADIUS * Math.sin(mid);
  const degrees = (mid * 180) / Math.PI + (Math.cos(mid) < -1e-9 ? 180 : 0);
  const tooLong = [...text].length * LABEL_FONT * 0.58 > LABEL_ROOM;
  return (
    <text x={x} y={y} fill="#fff" fontSize={LABEL_FONT} fontWeight="700" textAnchor="middle" dominantBaseline="middle" transform={`rotate(${degrees} ${x} ${y})`}
      {...(tooLong ? { textLength: LABEL_ROOM, lengthAdjust: 'spacingAndGlyphs' } : {})}>
      {text}
    </text>
  );
}

function Wheel({ options, rotation }: { options: readonly WheelOption[]; rotation: number }) {
  const t = useT();
  const n = options.length;
  const r = 100;
  const slice = (i: number) => {
    const a0 = (i * 2 * Math.PI) / n - Math.PI / 2;
    const a1 = ((i + 1) * 2 * Math.PI) / n - Math.PI / 2;
    return `M0 0 L${r * Math.cos(a0)} ${r * Math.sin(a0)} A${r} ${r} 0 0 1 ${r * Math.cos(a1)} ${r * Math.sin(a1)} Z`;
  };
  return (
    <div className="wheel" role="img" aria-label={t('rewards.spin.wheel')}>
      <svg className="wheel__disc" viewBox="-102 -102 204 204" style={{ transform: `rotate(${rotation}deg)` }} data-testid="wheel" data-rotation={rotation}>
        {options.map((o, i) => {
          const mid = ((i + 0.5) * 2 * Math.PI) / n - Math.PI / 2;
          return (
            <g key={o.id}>
              <path d={slice(i)} fill={COLOURS[i % COLOURS.length]} stroke="#fff" strokeWidth="1.5" />
              <SegmentLabel text={o.short_label ?? o.label} mid={mid} />
            </g>
          );
        })}
        <circle r="10" fill="#fff" />
      </svg>
      <span className="wheel__pointer" aria-hidden="true" />
    </div>
  );
}

function SpinBody({ schedule, online }: { schedule: string; online: boolean }) {
  const t = useT();
  const options = useGames('stw-options', schedule).value;
  const result = useGames('spin', schedule).value;
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (online) void loadWheel(schedule);
  }, [online, schedule]);
  // a result known before (a replay, or this device's earlier spin) shows at once
  useEffect(() => {
    if (result && options && !spinning && rotation === 0) {
      setRotation(rotationFor(result.option_index, options.options.length, 0));
      setShown(true);
    }
  }, [result, options, spinning, rotation]);
  if (!options) return null;

  const spin = async () => {
    setError(null);
    if (!online) {
      setError(t('rewards.spin.needsNetwork'));
      return;
    }
    setSpinning(true);
    const answer = await spinWheel(schedule);
    if (!answer.ok) {
      setSpinning(false);
      setError(t(answer.error.key === 'noResponse' ? 'rewards.spin.needsNetwork' : 'engage.error'));
      return;
    }
    setRotation(rotationFor(answer.value.optionIndex, options.options.length));
  };
  const won = result ? options.options[result.option_index] : undefined;
  return (
    <section className="games-section" data-testid="spin">
      <Wheel options={options.options} rotation={rotation} />
      {error && <p className="games-note games-note--error" role="alert">{error}</p>}
      {options.spin_available && !result && <Button block pending={spinning} onClick={() => void spin()}>{t('rewards.spin.button')}</Button>}
      {!options.spin_available && !result && <p className="games-note" role="status">{t('rewards.spin.used')}</p>}
      {won && (shown || spinning) && (
        <WinNote label={won.label} delayMs={shown ? 0 : 4000} onShown={() => { setShown(true); setSpinning(false); }} />
      )}
    </section>
  );
}

/** The prize, said after the wheel stopped (the CSS turn takes 4 s). */
function WinNote({ label, delayMs, onShown }: { label: string; delayMs: number; onShown: () => void }) {
  const t = useT();
  const [visible, setVisible] = useState(delayMs === 0);
  useEffect(() => {
    if (delayMs === 0) return;
    const timer = setTimeout(() => { setVisible(true); onShown(); }, delayMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per shown result
  }, [delayMs]);
  return visible ? <p className="games-note games-note--ok" role="status" data-testid="spin-result">{t('rewards.spin.result', { label })}</p> : null;
}

export default function SpinScreen() {
  const t = useT();
  const { schedule } = useSearch({ from: '/spin-the-wheel' });
  return (
    <RewardsFrame title={t('rewards.spin.title')}>
      {(_home, online) => (schedule ? <SpinBody schedule={schedule} online={online} /> : <p className="games-note">{t('rewards.noGame')}</p>)}
    </RewardsFrame>
  );
}
