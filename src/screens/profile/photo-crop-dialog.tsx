// Cropping the chosen photo to a square (issue 18 "photo ... crop"): zoom and move with sliders
// (keyboard and screen readers work them too), drawn onto a 512 px canvas and kept as a JPEG at
// the spec's quality 0.7 (part 2 §4 Image upload).
import { useEffect, useRef, useState } from 'react';
import { IMAGE_COMPRESSION_QUALITY } from '../../domain/constants';
import { Dialog } from '../../ui/dialog';
import { useT } from '../shared/use-t';

const SIZE = 512;

export function PhotoCropDialog({ file, onDone, onCancel }: { file: Blob; onDone: (blob: Blob) => void; onCancel: () => void }) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [image, setImage] = useState<ImageBitmap | null>(null);
  const [broken, setBroken] = useState(false);
  const [zoom, setZoom] = useState(1);
  const [x, setX] = useState(50);
  const [y, setY] = useState(50);

  useEffect(() => {
    let live = true;
    createImageBitmap(file).then((b) => { if (live) setImage(b); }, () => { if (live) setBroken(true); });
    return () => { live = false; };
  }, [file]);

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx || !image) return;
    // the largest centred square, shrunk by the zoom, moved by the sliders within the picture
    const side = Math.min(image.width, image.height) / zoom;
    const sx = (image.width - side) * (x / 100);
    const sy = (image.height - side) * (y / 100);
    ctx.clearRect(0, 0, SIZE, SIZE);
    ctx.drawImage(image, sx, sy, side, side, 0, 0, SIZE, SIZE);
  }, [image, zoom, x, y]);

  const use = () => canvas.current?.toBlob((blob) => { if (blob) onDone(blob); }, 'image/jpeg', IMAGE_COMPRESSION_QUALITY);
  return (
    <Dialog
      title={t('profile.photo.crop.title')}
      testId="photo-crop"
      describeWithBody={false}
      onDismiss={onCancel}
      body={broken ? <p role="alert">{t('profile.photo.unreadable')}</p> : (
        <div className="profile-crop">
          <canvas ref={canvas} width={SIZE} height={SIZE} className="profile-crop__canvas" aria-hidden="true" />
          <label>{t('profile.photo.crop.zoom')}<input type="range" min={1} max={3} step={0.1} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} /></label>
          <label>{t('profile.photo.crop.horizontal')}<input type="range" min={0} max={100} value={x} onChange={(e) => setX(Number(e.target.value))} /></label>
          <label>{t('profile.photo.crop.vertical')}<input type="range" min={0} max={100} value={y} onChange={(e) => setY(Number(e.target.value))} /></label>
        </div>
      )}
      actions={[
        { label: t('profile.photo.crop.cancel'), onClick: onCancel, variant: 'secondary' },
        ...(broken || !image ? [] : [{ label: t('profile.photo.crop.use'), onClick: use, variant: 'primary' as const, autoFocus: true }]),
      ]}
    />
  );
}
