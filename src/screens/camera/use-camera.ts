// The camera for the capture and QR screens (getUserMedia): the stream while the screen is open,
// stopped when it closes, and each way it can fail as a state the screen explains.
import { useCallback, useEffect, useState } from 'react';

export type CameraState =
  | { status: 'starting' }
  | { status: 'live'; stream: MediaStream }
  /** the user or the browser refused the camera */
  | { status: 'denied' }
  /** no camera on this device (or none that fits) */
  | { status: 'no-camera' }
  /** this browser cannot open a camera (an old browser, or a page not served over https) */
  | { status: 'unsupported' }
  /** the camera is there but would not start (in use by another app, a driver error) */
  | { status: 'failed' };

function stateOf(error: unknown): CameraState {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return { status: 'denied' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return { status: 'no-camera' };
  return { status: 'failed' };
}

/** The camera stream ({ video, audio } as asked); `retry` asks again (after the user allowed it). */
export function useCamera(audio = false): { state: CameraState; retry: () => void } {
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (typeof navigator.mediaDevices?.getUserMedia !== 'function') {
      setState({ status: 'unsupported' });
      return;
    }
    let stream: MediaStream | null = null;
    let gone = false;
    setState({ status: 'starting' });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio })
      .then((s) => {
        if (gone) s.getTracks().forEach((t) => t.stop());
        else {
          stream = s;
          setState({ status: 'live', stream: s });
        }
      })
      .catch((error: unknown) => {
        if (!gone) setState(stateOf(error));
      });
    return () => {
      gone = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [audio, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
