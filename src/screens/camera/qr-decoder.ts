// Reads a QR code from the live picture: the browser's BarcodeDetector where it has one (Android
// Chrome), else @zxing/browser (desktop Chromium, Firefox, Safari), loaded only when needed.

export type QrDecoder = (video: HTMLVideoElement) => Promise<string | null>;

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDecoder(): Promise<QrDecoder | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    if (!(await Native.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

export async function createQrDecoder(): Promise<QrDecoder> {
  const native = await nativeDecoder();
  if (native) return native;
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  const reader = new BrowserQRCodeReader();
  return (video) => {
    if (video.readyState < 2 || video.videoWidth === 0) return Promise.resolve(null);
    try {
      return Promise.resolve(reader.decode(video).getText());
    } catch {
      // NotFoundException and friends: no code in this frame
      return Promise.resolve(null);
    }
  };
}
